// A game's declared settings as its build data carries them (klubovna's Setting.to_json,
// printed by games/<game>/build_data.py as SETTINGS and ROOMS), and what a form needs of
// them: the options of a choice or a small range, whether a setting applies (`only_when`),
// the defaults, and the values a request may send. Pure: no page, no words.

export type Value = string | number | boolean | null;

/** One setting as declared (klubovna.core Setting.to_json). */
export interface Declared {
  name: string;
  kind: "int" | "choice" | "bool";
  default: Value;
  min?: number | null;
  max?: number | null;
  choices?: Value[];
  optional?: boolean;
  required?: boolean;
  /** Applies only while another setting has one of these values. */
  only_when?: Record<string, Value[]>;
}

/** One kind of room as declared (RoomPolicy, all its fields; these are the ones the kit
 *  reads): its people, the game settings it shows, and the name of its own setting that
 *  names the computer player for empty seats. */
export interface DeclaredRoom {
  kind: string;
  seats: [number, number];
  settings: string[];
  robots: string | null;
  /** The host may give each move days instead of playing live (`days_per_move`,
   *  RoomPolicy.turn_based; decision 0162). */
  turn_based: boolean;
}

export type Values = Record<string, Value>;

/** The setting called `name` (the build data and the form must agree: a missing one is a bug). */
export function setting(settings: readonly Declared[], name: string): Declared {
  const found = settings.find((each) => each.name === name);
  if (!found) throw new Error(`no setting ${name}`);
  return found;
}

/** What a radio group offers: the choices, or every whole number of the range. */
export function options(declared: Declared): Value[] {
  if (declared.kind === "choice") return declared.choices ?? [];
  if (declared.kind === "bool") return [false, true];
  const { min, max } = declared;
  if (min == null || max == null) throw new Error(`${declared.name}: an open range has no options`);
  return Array.from({ length: max - min + 1 }, (_, i) => min + i);
}

/** Whether `declared` applies under `values` (its `only_when` condition holds). */
export function applies(declared: Declared, values: Values): boolean {
  return Object.entries(declared.only_when ?? {}).every(([name, allowed]) => allowed.includes(values[name] ?? null));
}

/** Each setting's declared default, overridden by `given` where it names a legal value. */
export function defaults(settings: readonly Declared[], given: Values = {}): Values {
  const out: Values = {};
  for (const each of settings) out[each.name] = each.name in given && legal(each, given[each.name]) ? given[each.name] : each.default;
  return out;
}

/** Whether `value` is one `declared` takes (null only where it is optional). */
export function legal(declared: Declared, value: Value): boolean {
  if (value === null) return declared.optional === true;
  if (declared.kind === "bool") return typeof value === "boolean";
  if (declared.kind === "choice") return (declared.choices ?? []).includes(value);
  return Number.isInteger(value) && (declared.min == null || (value as number) >= declared.min) && (declared.max == null || (value as number) <= declared.max);
}

/** The values a request sends: those of the settings that apply (the engine refuses a
 *  setting sent where it does not apply) and are legal (a computer player where the game
 *  has none yet, a number not typed right: the server's default, or its refusal). */
export function sendable(settings: readonly Declared[], values: Values): Values {
  const out: Values = {};
  for (const each of settings) if (applies(each, values) && each.name in values && legal(each, values[each.name])) out[each.name] = values[each.name];
  return out;
}

/** A room's settings in the order the room shows them, with its computer player's setting
 *  (a choice of `bots`, the first by default) last, as the server's request model has it. */
export function roomSettings(settings: readonly Declared[], room: DeclaredRoom, bots: readonly string[]): Declared[] {
  const shown = room.settings.map((name) => setting(settings, name));
  if (room.robots === null) return shown;
  return [...shown, { name: room.robots, kind: "choice", default: bots[0] ?? null, choices: [...bots] }];
}

/** The room of `kind` (the build data and the page must agree: a missing one is a bug). */
export function room(rooms: readonly DeclaredRoom[], kind: string): DeclaredRoom {
  const found = rooms.find((each) => each.kind === kind);
  if (!found) throw new Error(`no room ${kind}`);
  return found;
}

/** How many people a room of `room` with these settings seats: the table's seats where
 *  computer players take the rest (its `seats` setting), else the kind's most (as the
 *  server's Lobby.limit). */
export function roomLimit(room: DeclaredRoom, values: Values): number {
  if (room.robots === null) return room.seats[1];
  const seats = values.seats;
  return typeof seats === "number" ? Math.min(seats, room.seats[1]) : room.seats[1];
}

/** Whether quick pairing takes these settings: a room of exactly two people, no computer
 *  player (the server's rule; it says `bad_pairing` otherwise). */
export function pairable(room: DeclaredRoom, values: Values): boolean {
  return roomLimit(room, values) === 2 && room.seats[0] <= 2;
}
