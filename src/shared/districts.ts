/** Sierra Leone's 16 districts (since the 2017 boundary review created Falaba and Karene). */
export const DISTRICTS = [
  'Kailahun',
  'Kenema',
  'Kono',
  'Bombali',
  'Falaba',
  'Koinadugu',
  'Tonkolili',
  'Kambia',
  'Karene',
  'Port Loko',
  'Bo',
  'Bonthe',
  'Moyamba',
  'Pujehun',
  'Western Area Rural',
  'Western Area Urban',
] as const;
export type TDistrict = (typeof DISTRICTS)[number];

const DISTRICT_BY_KEY = new Map<string, TDistrict>(DISTRICTS.map((d) => [keyOf(d), d]));

// Towns a lender's address line commonly names, so a record without a district still gets one.
// Only towns whose name is unambiguous; district headquarters are covered by the district names.
const TOWN_DISTRICT: Record<string, TDistrict> = {
  freetown: 'Western Area Urban',
  'east end': 'Western Area Urban',
  'west end': 'Western Area Urban',
  kissy: 'Western Area Urban',
  wellington: 'Western Area Urban',
  lumley: 'Western Area Urban',
  aberdeen: 'Western Area Urban',
  wilberforce: 'Western Area Urban',
  'murray town': 'Western Area Urban',
  'congo town': 'Western Area Urban',
  brookfields: 'Western Area Urban',
  waterloo: 'Western Area Rural',
  hastings: 'Western Area Rural',
  tombo: 'Western Area Rural',
  kent: 'Western Area Rural',
  york: 'Western Area Rural',
  regent: 'Western Area Rural',
  grafton: 'Western Area Rural',
  makeni: 'Bombali',
  kamakwie: 'Karene',
  kabala: 'Koinadugu',
  bendugu: 'Falaba',
  mongo: 'Falaba',
  magburaka: 'Tonkolili',
  mile91: 'Tonkolili',
  'mile 91': 'Tonkolili',
  bumbuna: 'Tonkolili',
  lunsar: 'Port Loko',
  lungi: 'Port Loko',
  rokupr: 'Kambia',
  koidu: 'Kono',
  sefadu: 'Kono',
  tongo: 'Kenema',
  segbwema: 'Kailahun',
  daru: 'Kailahun',
  pendembu: 'Kailahun',
  mattru: 'Bonthe',
  'mattru jong': 'Bonthe',
  shenge: 'Moyamba',
  taiama: 'Moyamba',
  zimmi: 'Pujehun',
  potoru: 'Pujehun',
  gerihun: 'Bo',
};

function keyOf(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** The district named by `raw` (any case, spacing or "District" suffix), or null. */
export function parseDistrict(raw: string): TDistrict | null {
  const key = keyOf(raw).replace(/ district$/, '');
  return DISTRICT_BY_KEY.get(key) ?? null;
}

/**
 * The district an address line points to: a district name or a known town, as whole words. An
 * address ends with its town, so the place named last wins ("Off Bo-Kenema Highway, Bo" is in Bo);
 * at the same place the longer name wins ("Western Area Rural" over a shorter name inside it).
 */
export function inferDistrictFromAddress(address: string): TDistrict | null {
  const text = ` ${keyOf(address)} `;
  let best: { at: number; length: number; district: TDistrict } | null = null;
  for (const [name, district] of PLACE_NAMES) {
    const at = text.lastIndexOf(` ${name} `);
    if (at < 0) continue;
    if (!best || at > best.at || (at === best.at && name.length > best.length)) best = { at, length: name.length, district };
  }
  return best?.district ?? null;
}

const PLACE_NAMES: [string, TDistrict][] = [
  ...DISTRICTS.map((d) => [keyOf(d), d] as [string, TDistrict]),
  ...(Object.entries(TOWN_DISTRICT) as [string, TDistrict][]),
];
