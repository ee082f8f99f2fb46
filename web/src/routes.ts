// Every page but home, by hash path. Each area adds its pages here.
import type { FunctionComponent } from "preact";

export const ROUTES: Record<string, FunctionComponent> = {};
