// Texts of the rules area: the Matematický poker rules page, its FAQ, the scoring tables'
// titles and every combination name ("mp.combo.<name>" for the engine's scoring.py names).
export const rules = {
  cs: {
    "mp.rules.title": "Matematický poker: pravidla",
    "mp.rules.intro":
      "Taháš čísla z balíčku a rozhoduješ, kam je v poli 5×5 zapíšeš. Zapsané číslo už nejde přesunout, takže každé rozhodnutí je konečné. Hraje se sám pro sebe, o pořadí v žebříčku, nebo ve skupině se sdílenými čísly.",

    "mp.rules.nav": "Matematický poker",
    "mp.rules.nav.play": "Hrát",
    "mp.rules.nav.rules": "Pravidla",
    "mp.rules.nav.picker": "Výběr čísel",
    "mp.rules.nav.manual": "Tabulka",

    "mp.rules.flow.title": "Průběh hry",
    "mp.rules.flow.li1": "Klikneš na Start a balíček ti vydá první kartu.",
    "mp.rules.flow.li2": "Vybereš prázdné políčko a číslo do něj vložíš.",
    "mp.rules.flow.li3":
      "Další číslo se natáhne samo, klikat už nemusíš. Tlačítko Táhnout zůstává jen jako záloha: dokud držíš číslo v ruce, druhé nevytáhne.",
    "mp.rules.flow.li4": "Body se přepočítají hned, u každého řádku, sloupce i obou úhlopříček.",
    "mp.rules.flow.li5":
      "Hra končí, když je všech 25 políček využitých: zaplněných, nebo v těžké obtížnosti ztracených po propadlém čísle.",

    "mp.rules.preview.title": "Náhled bodů",
    "mp.rules.preview.p1":
      "Dokud číslo čeká v ruce, svítí v rohu volných políček, kolik bodů by tam přineslo. Políčka, kde by nepřineslo nic, zůstanou prázdná. Nejvyšší zisk je zvýrazněný barvou. Vypnout to jde tlačítkem s okem v liště nad polem; volba se na zařízení pamatuje.",
    "mp.rules.preview.p2":
      "Není to rada, kam položit. Číslo říká jen to, co se stane hned. Nezná cenu políčka, které tím zabereš, ani karty, co teprve přijdou. Nejvyšší okamžitý zisk bývá docela často ten nejhorší tah v partii.",
    "mp.rules.preview.p3":
      "V denní výzvě a ve hře o žebříček náhled není. Tam se hraje o pořadí proti ostatním, takže všichni musí počítat sami. Tlačítko s okem se tam ani nezobrazí.",

    "mp.rules.deck.title": "Balíček",
    "mp.rules.deck.p1":
      "Balíček má 54 karet: čtyři kusy od každé hodnoty 1 až 13 (dohromady 52) a dva žolíky. Karta se nikdy neopakuje: co padlo, už v balíčku není. Políček je jen 25, takže velkou část balíčku v jedné hře vůbec neuvidíš.",

    "mp.rules.jokers.title": "Žolíci",
    "mp.rules.jokers.p1": "Když vytáhneš žolíka, máš dvě možnosti:",
    "mp.rules.jokers.li1":
      "Použít teď: vybereš mu hodnotu 1 až 13 a rovnou ho zapíšeš do prázdného políčka. Odteď se počítá jako obyčejné číslo té hodnoty.",
    "mp.rules.jokers.li2":
      "Uschovat: žolík ti zůstane v ruce a hned se táhne další karta. Uschovaný žolík nespotřebuje tah.",
    "mp.rules.jokers.p2":
      "Uschovaného žolíka zahraješ kdykoli později, i když zrovna držíš číslo: zvolíš mu hodnotu a prázdné políčko. Zaplní políčko, aniž by ubral číslo z balíčku. Žolíci, kteří zbudou, když je pole plné, se prostě nepoužijí. V těžké obtížnosti se žolík, o kterém nerozhodneš včas, uschová; nic se neztratí.",

    "mp.rules.scoring.title": "Bodování",
    "mp.rules.scoring.p1":
      "Vyhodnocuje se 12 linií: 5 řádků, 5 sloupců a obě úhlopříčky. Každá linie se počítá zvlášť a započítá se jen její nejlepší kombinace. Body se v rámci jedné linie nesčítají. Celkové skóre je součet všech dvanácti linií.",
    "mp.rules.scoring.p2":
      "Vedle sebe znamená, že čísla kombinace leží v linii bez přerušení hned za sebou. Za to je vždycky víc bodů než za stejnou kombinaci rozházenou. U seřazené postupky platí totéž o pořadí: pět čísel musí jít po sobě vzestupně, nebo sestupně. Řádky se čtou zleva doprava, sloupce shora dolů a úhlopříčky od horního okraje.",
    "mp.rules.scoring.p3":
      "Body se počítají průběžně i u nedoplněného pole: prázdné políčko přerušuje řadu vedle sebe a kombinace z pěti čísel (postupky, full house a zvláštní kombinace tabulky Matematico) potřebují všech pět políček zaplněných. Jednička je jen nízká: 10, 11, 12, 13, 1 postupka není.",
    "mp.rules.scoring.p4":
      "Po školách koluje starší, jednodušší tabulka, ve které nezáleží na tom, jestli čísla leží vedle sebe. Pod jménem Matematico koluje ještě třetí tabulka, s bonusem za úhlopříčku. Všechny tři stojí vedle sebe tady. Tabulku určí hra na začátku; výchozí je Matematický poker a jen ten platí ve hře o žebříček, v denní výzvě, v duelu i ve skupině.",
    "mp.rules.tables.title": "Tabulky bodů",
    "mp.rules.table.adjacent": "Matematický poker",
    "mp.rules.table.adjacent.about": "Výchozí tabulka: záleží na tom, co leží vedle sebe.",
    "mp.rules.table.school": "Školní tabulka",
    "mp.rules.table.school.about": "Starší tabulka: kde v linii čísla leží, je jedno.",
    "mp.rules.table.matematico": "Matematico",
    "mp.rules.table.matematico.about": "Školní tabulka se zvláštními kombinacemi jedniček a třináctek.",
    "mp.rules.table.combination": "Kombinace",
    "mp.rules.table.example": "Příklad",
    "mp.rules.table.points": "Body",
    "mp.rules.table.empty": "prázdné",
    "mp.rules.table.example.label": "Příklad: {cells}",
    "mp.rules.table.bonus":
      "Bonus za úhlopříčku: každá z obou úhlopříček, která něco boduje, dostane navíc {bonus} bodů.",
    "mp.rules.table.five":
      "Pětice jde složit jen se žolíkem. Ve školní tabulce a v Matematicu se počítá jako čtveřice.",

    "mp.rules.difficulty.title": "Obtížnosti",
    "mp.rules.difficulty.li1": "Lehká: bez časomíry.",
    "mp.rules.difficulty.li2":
      "Těžká: před startem zadáš, kolik sekund máš na jedno číslo (3 až 300). Čas běží od vytažení čísla a měří ho server. Co nestihneš uložit, propadne. Políčko po tom čísle zůstane navždy prázdné a náhradní číslo nedostaneš. Partie tím skončí dřív. Nedohrané pole se pořád počítá do rekordu skóre, ale nezvýší počet dohraných her a do nejrychlejší hry se nezapočítá.",
    "mp.rules.difficulty.p1":
      "Obě obtížnosti vede server: balíček i pole leží u něj a prohlížeč posílá jen „polož na tohle políčko“. Díky tomu se partie připíše do statistik profilu. Když server nedosáhneš nebo máš vypnuté ukládání, hra běží celá v prohlížeči a nikam se nezapíše. Dialog na konci to říká nahlas.",

    "mp.rules.ranked.title": "Hra o žebříček",
    "mp.rules.ranked.p1":
      "Stejná pravidla jako lehká a těžká obtížnost, jen se výsledek navíc uchází o místo ve veřejném žebříčku. Obtížnost i počet sekund na číslo si volíš před startem. Bez připojení tenhle režim nejede: skóre počítá server, jinak by se nedalo porovnávat.",
    "mp.rules.ranked.li1": "Do žebříčku jde jen partie se všemi 25 zaplněnými políčky.",
    "mp.rules.ranked.li2":
      "Žebříček má čtyři období: dnes, tento týden, tento měsíc a celkem, podle pražského kalendáře. V každém se drží prvních sto míst a z každého hráče jen jeho nejlepší výsledek. U výsledku stojí přezdívka, skóre, obtížnost (se sekundami) a kdy se hrálo.",
    "mp.rules.ranked.li3": "Náhled bodů tu není, hraje se o pořadí proti ostatním.",

    "mp.rules.daily.title": "Denní výzva",
    "mp.rules.daily.p1":
      "Pravidla lehké obtížnosti, ale balíček se nemíchá náhodně: odvozuje se z data, takže ho v ten den mají všichni stejný a ve stejném pořadí. Nerozhoduje tedy, komu se sešly lepší karty, ale kdo je líp poskládal. Zítra se zamíchá nový balíček.",
    "mp.rules.daily.li1": "Pokus je jeden na den. Výsledek jde do tabulky dne, ne do žebříčku, a rekord dne je vidět pořád.",
    "mp.rules.daily.li2": "Hra počítá sérii, tedy kolik dní v řadě jsi výzvu dohrál. Vidíš ji po dohrání i v profilu.",
    "mp.rules.daily.li3":
      "Výsledek jde sdílet: tlačítko na konci připraví text se skóre, pořadím dne a sérií, který stačí vložit do chatu.",
    "mp.rules.daily.li4":
      "Když je pokus vyčerpaný, dá se týž balíček dohrát znovu bez výzvy, jen pro sebe. Do tabulky dne se takové kolo nezapíše.",
    "mp.rules.daily.li5":
      "Výzva potřebuje zapnuté ukládání v nastavení soukromí. Bez něj by prohlížeč dostal při každém načtení novou identitu a jeden pokus na den by nešlo uhlídat.",

    "mp.rules.publish.title": "Zveřejnění výsledku",
    "mp.rules.publish.p1":
      "Než se první výsledek zapíše do veřejné tabulky, hra se zeptá, jestli smí. Odejde přezdívka, skóre, obtížnost a čas partie, nic dalšího: žádný e‑mail, žádná IP adresa.",
    "mp.rules.publish.p2":
      "Bez souhlasu se hraje dál, jen se výsledek nikam nezapíše. Rozmyslet si to jde kdykoli v profilu a platí to pro žebříček i pro tabulku dne.",

    "mp.rules.duel.title": "Duel 1v1",
    "mp.rules.duel.p1":
      "Duel je hra ve skupině zúžená na dva. Oba hrajete tu samou řadu čísel, každý do vlastního pole, a na konci se z bodů rozhodne, kdo vyhrál. Rozdíl proti skupině je v tempu: čísla se tahají sama, jakmile je oba položíte, takže nikdo z dvojice neurčuje, kdy soupeř dostane další.",
    "mp.rules.duel.li1":
      "Soupeř se připojí kódem, odkazem s ním, nebo naskenováním QR. Místa jsou dvě a hrají oba, rozdávat bez hraní tu nejde. Bez soupeře se duel nespustí.",
    "mp.rules.duel.li2":
      "Kdo nechce čekat, může další číslo vytáhnout sám: v duelu smějí táhnout oba, ne jenom zakladatel. Hodí se, když si soupeř odskočí.",
    "mp.rules.duel.li3":
      "Vyhrává vyšší skóre. Při shodě rozhoduje počet zaplněných políček, a když se rovnají i ta, je to remíza.",
    "mp.rules.duel.li4":
      "Výsledek se počítá do statistik profilu: partie i body jako u každé jiné hry, k tomu výhry, prohry a remízy. Duel, ze kterého soupeř odejde nebo ve kterém nepoloží ani jedno číslo, se jako výhra nezapíše: partie ano, souboj ne. Do veřejného žebříčku duel nejde, stejně jako skupinová hra.",

    "mp.rules.group.title": "Hra ve skupině",
    "mp.rules.group.p1":
      "Jeden hráč založí lobby a stane se zadavatelem: jenom on tahá čísla a celá skupina dostává tu samou řadu. Každý si ji skládá do vlastního pole, takže o výsledku nerozhodují karty, ale rozhodování. Na konci se pole obodují stejnou tabulkou jako jinde a seřadí se pořadí skupiny.",
    "mp.rules.group.li1":
      "Ostatní se připojí kódem lobby, odkazem s ním, nebo naskenováním QR kódu. Do jednoho lobby se vejde nejvýš 50 hráčů. Po spuštění hry se už nikdo nepřipojí: nováček by měl prázdné pole a před sebou celou frontu čísel, která ostatním už padla.",
    "mp.rules.group.li2":
      "Zadavatel může hrát taky, nebo jenom rozdávat. Když odejde, hra skončí a ukáže se pořadí. Nedohrané lobby se samo zahodí po šesti hodinách.",
    "mp.rules.group.li3":
      "Žolík přijde celé skupině naráz a každý s ním naloží po svém: hned mu určí hodnotu a položí ho, nebo si ho uschová na později. Uschovaný žolík se pak pokládá mimo řadu čísel: spotřebuje políčko, ale žádné číslo z fronty, takže jde uplatnit i ve chvíli, kdy zrovna držíš číslo, nebo až po dojetí balíčku.",
    "mp.rules.group.li4":
      "V těžké obtížnosti má termín každý sám za sebe: sekundy běží od chvíle, kdy se hráč k číslu dostal, tedy od tažení, pokud na něj čekal, nebo od vyřízení předchozího čísla, pokud dohání frontu. Tempo tak neurčuje zadavatel a na každé číslo má každý stejný čas.",
    "mp.rules.group.li5": "Kdo nestíhá, dohání frontu popořadě; v lehké obtížnosti se čeká, v těžké čísla propadají.",
    "mp.rules.group.li6":
      "Výsledky skupinové hry nejdou do veřejného žebříčku. Hraje se se sdílenými čísly a pod taktovkou zadavatele, takže se s partiemi o žebříček porovnat nedají.",
    "mp.rules.group.li7":
      "Do statistik profilu se skupinová hra počítá, pokud máš zapnuté ukládání: skóre i dohrané pole ano, nejrychlejší hru ne, tempo tam určuje zadavatel.",

    "mp.rules.helpers.title": "Pomocné režimy",
    "mp.rules.helpers.picker":
      "jen generátor. Hodí se, když hraješ na papíře. Ukazuje historii všeho, co padlo, i kolik kusů které hodnoty zbývá. Rozehraný balíček přežije zavření karty, maže ho až tlačítko Zamíchat.",
    "mp.rules.helpers.manual":
      "prázdné pole, do kterého si čísla píšeš sám. Body se počítají průběžně, mezi políčky se skáče šipkami a tabulku bodů si vybereš.",

    "mp.rules.profile.title": "Profil a statistiky",
    "mp.rules.profile.p1":
      "Účet je jen přezdívka, bez e‑mailu a hesla; v jednom prohlížeči může být profilů víc. Statistiky se počítají profilu, který je právě vybraný: nejlepší skóre, rekord zvlášť za lehkou a těžkou, počet dohraných her, nejrychlejší hra, série denní výzvy (současná i nejlepší) a výhry, prohry a remízy v duelech. Drží je server, aby nešly přepsat v prohlížeči.",
    "mp.rules.profile.p2":
      "Zapisují se partie, které vedl server, tedy lehká, těžká, hra o žebříček, denní výzva, duel i hra ve skupině. Potřeba je k tomu zapnuté ukládání v nastavení soukromí, jinak by každá partie patřila novému hráči a nic by se nesečetlo. V profilu jdou statistiky stáhnout (JSON), vynulovat i smazat. Smazáním profilu zmizí i jeho záznamy ve veřejných tabulkách.",

    "mp.rules.install.title": "Instalace a hra bez připojení",
    "mp.rules.install.p1":
      "Hru si jde přidat na plochu jako aplikaci, tlačítkem Nainstalovat aplikaci v liště nebo v nabídce. Otevírá se pak ikonou a běží v samostatném okně. Prohlížeč, který přímou instalaci nenabízí, dostane návod, jak stránku přidat ručně.",
    "mp.rules.install.p2":
      "Bez připojení funguje lehká a těžká obtížnost, Tabulka, Výběr čísel a tahle pravidla. Hra o žebříček, denní výzva, duel, skupina a žebříček potřebují server, takže offline nejedou a netváří se, že by jely.",

    "mp.rules.keys.title": "Klávesnice",
    "mp.rules.keys.li1": "G vygeneruje další číslo v lehké a těžké obtížnosti a ve Výběru čísel, kde tahá i mezerník",
    "mp.rules.keys.li2": "Tab vybere políčko, Enter nebo mezerník do něj číslo položí",
    "mp.rules.keys.li3": "↑ ↓ ← → posouvají po ruční tabulce",
    "mp.rules.keys.li4": "Esc zavře dialog, který jde zrušit",

    "mp.rules.faq.title": "Časté otázky",
    "mp.rules.faq.q1": "Kolik karet má balíček v matematickém pokeru?",
    "mp.rules.faq.a1":
      "Padesát čtyři: čtyři kusy od každé hodnoty 1 až 13, dohromady 52 karet, a k tomu dva žolíky. Karta se nikdy neopakuje, co padlo, už v balíčku není. Políček je jen 25, takže velkou část balíčku v jedné hře vůbec neuvidíš.",
    "mp.rules.faq.q2": "Co se dá dělat se žolíkem?",
    "mp.rules.faq.a2":
      "Buď ho použiješ hned: vybereš mu hodnotu 1 až 13 a rovnou ho zapíšeš do pole. Nebo si ho uschováš a taháš dál. Uschovaný žolík nespotřebuje tah a drží ho počítadlo v konzoli nad polem, dokud na něj neklikneš.",
    "mp.rules.faq.q3": "Kolik linií se v matematickém pokeru boduje?",
    "mp.rules.faq.a3":
      "Dvanáct: pět řádků, pět sloupců a obě úhlopříčky. Každá linie se počítá zvlášť a započítá se jen její nejlepší kombinace, body se v rámci jedné linie nesčítají.",
    "mp.rules.faq.q4": "Co znamená kombinace vedle sebe?",
    "mp.rules.faq.a4":
      "Že čísla kombinace leží v linii bez přerušení hned za sebou. Za to je vždycky víc bodů než za tutéž kombinaci rozházenou: čtveřice vedle sebe dá 100 bodů, rozházená 70. U seřazené postupky platí totéž o pořadí, pět čísel musí jít po sobě vzestupně, nebo sestupně.",
    "mp.rules.faq.q5": "Proč v denní výzvě a ve hře o žebříček není náhled bodů?",
    "mp.rules.faq.a5":
      "Hraje se tam o pořadí proti ostatním, takže všichni musí počítat sami. Tlačítko s okem se v těch režimech ani nezobrazí. V lehké a těžké obtížnosti náhled bodů je a dá se vypnout.",

    "mp.combo.five_of_a_kind": "Pětice",
    "mp.combo.four_of_a_kind_adjacent": "Čtveřice vedle sebe",
    "mp.combo.straight_in_order": "Seřazená postupka",
    "mp.combo.four_of_a_kind": "Čtveřice",
    "mp.combo.straight": "Postupka",
    "mp.combo.full_house_adjacent": "Full house vedle sebe",
    "mp.combo.full_house": "Full house",
    "mp.combo.two_pairs_adjacent": "Dva páry vedle sebe",
    "mp.combo.two_pairs": "Dva páry",
    "mp.combo.three_of_a_kind_adjacent": "Trojice vedle sebe",
    "mp.combo.three_of_a_kind": "Trojice",
    "mp.combo.pair_adjacent": "Pár vedle sebe",
    "mp.combo.pair": "Pár",
    "mp.combo.four_ones": "Čtyři jedničky",
    "mp.combo.one_and_ten_to_thirteen": "1, 10, 11, 12, 13",
    "mp.combo.three_ones_two_thirteens": "Tři jedničky a dvě třináctky",
  } as Record<string, string>,
  en: {
    "mp.rules.title": "Mathematical poker: rules",
    "mp.rules.intro":
      "You draw numbers from a deck and decide where to write each one on a 5×5 board. A written number can never be moved, so every decision is final. You play on your own, for a place on the leaderboard, or in a group with shared numbers.",

    "mp.rules.nav": "Mathematical poker",
    "mp.rules.nav.play": "Play",
    "mp.rules.nav.rules": "Rules",
    "mp.rules.nav.picker": "Number picker",
    "mp.rules.nav.manual": "Table",

    "mp.rules.flow.title": "How a game goes",
    "mp.rules.flow.li1": "You press Start and the deck gives you the first card.",
    "mp.rules.flow.li2": "You choose an empty cell and put the number in it.",
    "mp.rules.flow.li3":
      "The next number is drawn by itself, no need to click. The Draw button stays only as a fallback: while you hold a number it never draws a second one.",
    "mp.rules.flow.li4": "The points are recounted at once, for every row, column and both diagonals.",
    "mp.rules.flow.li5":
      "The game ends when all 25 cells are used: filled or, in hard mode, lost to a forfeited number.",

    "mp.rules.preview.title": "Points preview",
    "mp.rules.preview.p1":
      "While a number waits in your hand, the corner of each free cell shows how many points it would bring there. Cells where it would bring nothing stay blank. The largest gain is highlighted. The eye button in the bar above the board turns it off; the device remembers the choice.",
    "mp.rules.preview.p2":
      "It is not advice on where to play. The number only tells what happens right now. It does not know the value of the cell you use up, nor the cards still to come. The largest immediate gain is quite often the worst move of the game.",
    "mp.rules.preview.p3":
      "There is no preview in the daily challenge and in ranked games. There you play for a ranking against the others, so everybody has to count alone. The eye button is not even shown there.",

    "mp.rules.deck.title": "The deck",
    "mp.rules.deck.p1":
      "The deck has 54 cards: four of each value 1 to 13 (52 in all) and two jokers. A card never repeats: what has been drawn is no longer in the deck. There are only 25 cells, so you will not see a large part of the deck in one game at all.",

    "mp.rules.jokers.title": "Jokers",
    "mp.rules.jokers.p1": "When you draw a joker, you have two options:",
    "mp.rules.jokers.li1":
      "Use it now: you give it a value from 1 to 13 and write it straight into an empty cell. From then on it counts as an ordinary number of that value.",
    "mp.rules.jokers.li2":
      "Keep it: the joker stays in your hand and the next card is drawn at once. A kept joker costs no draw.",
    "mp.rules.jokers.p2":
      "You can play a kept joker at any later moment, even while you hold a number: choose its value and an empty cell. It fills a cell without taking a number from the deck. Jokers still kept when the board is full are simply not used. In hard mode a joker you do not decide about in time is kept; nothing is lost.",

    "mp.rules.scoring.title": "Scoring",
    "mp.rules.scoring.p1":
      "Twelve lines are scored: 5 rows, 5 columns and both diagonals. Each line is scored on its own and only its best combination counts. Points within one line do not add up. The total score is the sum of all twelve lines.",
    "mp.rules.scoring.p2":
      "Adjacent means that the numbers of the combination stand in the line one right after another, without a gap. That always scores more than the same combination scattered. For a straight in order the same holds for the order: the five numbers must run ascending or descending. Rows are read left to right, columns top to bottom and diagonals from the top edge.",
    "mp.rules.scoring.p3":
      "Points are counted live, also on a board that is not full yet: an empty cell breaks adjacency, and combinations of five numbers (straights, full houses and the Matematico specials) need all five cells filled. 1 is low only: 10, 11, 12, 13, 1 is not a straight.",
    "mp.rules.scoring.p4":
      "Schools pass around an older, simpler table in which it does not matter whether the numbers stand side by side. Under the name Matematico there is a third table, with a bonus for the diagonals. All three stand side by side here. A game fixes its table at the start; the default is Mathematical poker, and it is the only one used in ranked games, the daily challenge, duels and groups.",
    "mp.rules.tables.title": "Scoring tables",
    "mp.rules.table.adjacent": "Mathematical poker",
    "mp.rules.table.adjacent.about": "The default table: what stands side by side matters.",
    "mp.rules.table.school": "School table",
    "mp.rules.table.school.about": "The older table: where the numbers stand in the line does not matter.",
    "mp.rules.table.matematico": "Matematico",
    "mp.rules.table.matematico.about": "The school table with special combinations of 1s and 13s.",
    "mp.rules.table.combination": "Combination",
    "mp.rules.table.example": "Example",
    "mp.rules.table.points": "Points",
    "mp.rules.table.empty": "empty",
    "mp.rules.table.example.label": "Example: {cells}",
    "mp.rules.table.bonus":
      "Diagonal bonus: each of the two diagonals that scores anything gets {bonus} more points.",
    "mp.rules.table.five":
      "Five of a kind needs a joker. In the school table and in Matematico it counts as four of a kind.",

    "mp.rules.difficulty.title": "Difficulty",
    "mp.rules.difficulty.li1": "Easy: no clock.",
    "mp.rules.difficulty.li2":
      "Hard: before the start you set how many seconds you have for each number (3 to 300). The clock runs from the moment the number is drawn and the server keeps it. What you do not place in time is forfeited. The cell for that number stays empty for good and you get no replacement. The game ends earlier because of it. An unfinished board still counts for the best-score record, but it does not add to the completed games and does not count for the fastest game.",
    "mp.rules.difficulty.p1":
      "The server runs both difficulties: the deck and the board live there and the browser only sends “place it on this cell”. That is why the game is added to your profile's statistics. When the server cannot be reached or storage is turned off, the game runs entirely in the browser and is not recorded anywhere. The dialog at the end says so plainly.",

    "mp.rules.ranked.title": "Ranked game",
    "mp.rules.ranked.p1":
      "The same rules as the easy and hard difficulty, only the result also competes for a place on the public leaderboard. You choose the difficulty and the seconds per number before the start. This mode does not work offline: the server computes the score, otherwise results could not be compared.",
    "mp.rules.ranked.li1": "Only a game with all 25 cells filled enters the leaderboard.",
    "mp.rules.ranked.li2":
      "The leaderboard has four periods: today, this week, this month and all time, by the Prague calendar. Each keeps the first hundred places and only one best result per player. An entry shows the nickname, score, difficulty (with seconds) and when it was played.",
    "mp.rules.ranked.li3": "There is no points preview here; you play for a ranking against the others.",

    "mp.rules.daily.title": "Daily challenge",
    "mp.rules.daily.p1":
      "The rules of the easy difficulty, but the deck is not shuffled at random: it is derived from the date, so that day everybody has the same deck in the same order. What decides is not who got the better cards but who placed them better. Tomorrow a new deck is shuffled.",
    "mp.rules.daily.li1":
      "There is one attempt a day. The result goes to the table of the day, not to the leaderboard, and the day's record is always visible.",
    "mp.rules.daily.li2":
      "The game counts your streak: how many days in a row you finished the challenge. You see it after the game and in your profile.",
    "mp.rules.daily.li3":
      "The result can be shared: a button at the end prepares a text with the score, the rank of the day and the streak, ready to paste into a chat.",
    "mp.rules.daily.li4":
      "When the attempt is used up, the same deck can be played again outside the challenge, just for yourself. Such a round is not written to the table of the day.",
    "mp.rules.daily.li5":
      "The challenge needs storage turned on in the privacy settings. Without it the browser would get a new identity on every load and one attempt a day could not be enforced.",

    "mp.rules.publish.title": "Publishing a result",
    "mp.rules.publish.p1":
      "Before the first result is written to a public table, the game asks whether it may. Only the nickname, score, difficulty and game time are sent, nothing else: no e‑mail, no IP address.",
    "mp.rules.publish.p2":
      "Without consent you keep playing, the result just is not published. You can change your mind any time in your profile, and it applies to the leaderboard and to the table of the day alike.",

    "mp.rules.duel.title": "Duel 1v1",
    "mp.rules.duel.p1":
      "A duel is a group game narrowed down to two. Both of you play the same sequence of numbers, each on your own board, and at the end the points decide who won. The difference from a group is the pace: numbers are drawn by themselves as soon as both of you have placed, so neither of you decides when the opponent gets the next one.",
    "mp.rules.duel.li1":
      "The opponent joins with a code, a link containing it, or by scanning a QR code. There are two seats and both play; dealing without playing is not possible here. No duel starts without the opponent.",
    "mp.rules.duel.li2":
      "If you do not want to wait, you can draw the next number yourself: in a duel both may draw, not only the one who opened it. Handy when the opponent steps away.",
    "mp.rules.duel.li3":
      "The higher score wins. On equal scores more filled cells win, and if those are equal too, it is a draw.",
    "mp.rules.duel.li4":
      "The result counts in your profile's statistics: the game and its points as in any other game, plus wins, losses and draws. A duel the opponent leaves, or in which they never place a single number, is not recorded as a win: the game counts, the duel does not. Duels do not go to the public leaderboard, just like group games.",

    "mp.rules.group.title": "Group game",
    "mp.rules.group.p1":
      "One player opens a lobby and becomes the dealer: only the dealer draws numbers and the whole group gets the same sequence. Everyone builds it on their own board, so the result is decided by decisions, not by cards. At the end the boards are scored with the same table as elsewhere and the group ranking is shown.",
    "mp.rules.group.li1":
      "The others join with the lobby code, a link containing it, or by scanning a QR code. One lobby holds at most 50 players. Once the game has started nobody can join: a newcomer would have an empty board and the whole queue of numbers the others already got.",
    "mp.rules.group.li2":
      "The dealer may play too, or only deal. When the dealer leaves, the game ends and the ranking is shown. An unfinished lobby is dropped by itself after six hours.",
    "mp.rules.group.li3":
      "A joker reaches the whole group at once and everyone handles it their own way: give it a value and place it right away, or keep it for later. A kept joker is then placed outside the queue of numbers: it takes a cell but no number from the queue, so you can use it while holding a number, or after the deck has run out.",
    "mp.rules.group.li4":
      "In hard mode everyone has their own deadline: the seconds run from the moment the player reached the number, that is from the draw if they were waiting for it, or from handling their previous number if they are catching up with the queue. So the dealer does not set the pace and everyone has the same time for every number.",
    "mp.rules.group.li5":
      "Whoever falls behind works through the queue in order; in easy mode nothing is lost, in hard mode numbers expire.",
    "mp.rules.group.li6":
      "Group results do not go to the public leaderboard. They are played with shared numbers and at the dealer's pace, so they cannot be compared with ranked games.",
    "mp.rules.group.li7":
      "A group game counts in your profile's statistics if storage is turned on: the score and a completed board do, the fastest game does not, since the dealer sets the pace.",

    "mp.rules.helpers.title": "Helper modes",
    "mp.rules.helpers.picker":
      "only a generator. Handy when you play on paper. It shows the history of everything drawn and how many of each value remain. A deck in progress survives closing the tab; only the Shuffle button clears it.",
    "mp.rules.helpers.manual":
      "an empty board you fill in yourself. The points are counted as you go, the arrow keys jump between cells and you choose the scoring table.",

    "mp.rules.profile.title": "Profile and statistics",
    "mp.rules.profile.p1":
      "An account is just a nickname, with no e‑mail and no password; one browser can hold several profiles. Statistics belong to the profile that is selected: best score, a record for easy and for hard, completed games, the fastest game, the daily challenge streak (current and best) and duels won, lost and drawn. The server keeps them so they cannot be rewritten in the browser.",
    "mp.rules.profile.p2":
      "Recorded are the games the server ran: easy, hard, ranked, the daily challenge, duels and group games. This needs storage turned on in the privacy settings, otherwise every game would belong to a new player and nothing would add up. In the profile the statistics can be downloaded (JSON), reset and deleted. Deleting a profile also removes its entries in the public tables.",

    "mp.rules.install.title": "Installing and playing offline",
    "mp.rules.install.p1":
      "You can add the game to your home screen as an app, with the Install the app button in the bar or in the menu. It then opens from its icon and runs in its own window. A browser that offers no direct installation gets instructions for adding the page by hand.",
    "mp.rules.install.p2":
      "Without a connection the easy and hard difficulty, the Table, the Number picker and these rules work. Ranked games, the daily challenge, duels, groups and the leaderboard need the server, so they do not work offline and do not pretend to.",

    "mp.rules.keys.title": "Keyboard",
    "mp.rules.keys.li1": "G draws the next number in the easy and hard difficulty and in the Number picker, where Space draws too",
    "mp.rules.keys.li2": "Tab selects a cell, Enter or Space places the number in it",
    "mp.rules.keys.li3": "↑ ↓ ← → move around the manual table",
    "mp.rules.keys.li4": "Esc closes a dialog that can be cancelled",

    "mp.rules.faq.title": "Frequently asked questions",
    "mp.rules.faq.q1": "How many cards are in the Mathematical poker deck?",
    "mp.rules.faq.a1":
      "Fifty-four: four of each value 1 to 13, 52 cards in all, plus two jokers. A card never repeats; what has been drawn is no longer in the deck. There are only 25 cells, so you will not see a large part of the deck in one game at all.",
    "mp.rules.faq.q2": "What can I do with a joker?",
    "mp.rules.faq.a2":
      "Either you use it at once: give it a value from 1 to 13 and write it straight onto the board. Or you keep it and draw on. A kept joker costs no draw and waits in the counter in the console above the board until you click it.",
    "mp.rules.faq.q3": "How many lines are scored in Mathematical poker?",
    "mp.rules.faq.a3":
      "Twelve: five rows, five columns and both diagonals. Each line is scored on its own and only its best combination counts; points within one line do not add up.",
    "mp.rules.faq.q4": "What does an adjacent combination mean?",
    "mp.rules.faq.a4":
      "That the numbers of the combination stand in the line one right after another, without a gap. That always scores more than the same combination scattered: four of a kind side by side gives 100 points, scattered 70. For a straight in order the same holds for the order: the five numbers must run ascending or descending.",
    "mp.rules.faq.q5": "Why is there no points preview in the daily challenge and in ranked games?",
    "mp.rules.faq.a5":
      "There you play for a ranking against the others, so everybody has to count alone. The eye button is not even shown in those modes. In the easy and hard difficulty the preview is there and can be turned off.",

    "mp.combo.five_of_a_kind": "Five of a kind",
    "mp.combo.four_of_a_kind_adjacent": "Four of a kind, adjacent",
    "mp.combo.straight_in_order": "Straight in order",
    "mp.combo.four_of_a_kind": "Four of a kind",
    "mp.combo.straight": "Straight",
    "mp.combo.full_house_adjacent": "Full house, adjacent",
    "mp.combo.full_house": "Full house",
    "mp.combo.two_pairs_adjacent": "Two pairs, adjacent",
    "mp.combo.two_pairs": "Two pairs",
    "mp.combo.three_of_a_kind_adjacent": "Three of a kind, adjacent",
    "mp.combo.three_of_a_kind": "Three of a kind",
    "mp.combo.pair_adjacent": "Pair, adjacent",
    "mp.combo.pair": "Pair",
    "mp.combo.four_ones": "Four 1s",
    "mp.combo.one_and_ten_to_thirteen": "1, 10, 11, 12, 13",
    "mp.combo.three_ones_two_thirteens": "Three 1s and two 13s",
  } as Record<string, string>,
};
