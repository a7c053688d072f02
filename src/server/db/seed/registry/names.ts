import { WeightedPicker, type Rng } from './prng';
import {
  FEMALE_CHRISTIAN,
  FEMALE_MUSLIM,
  FEMALE_TRADITIONAL,
  MALE_CHRISTIAN,
  MALE_MUSLIM,
  MALE_TRADITIONAL,
  SURNAMES,
  type Region,
} from './sierra-leone-data';

/** Names as the regions of Sierra Leone give them: the religion and tradition a first name suggests, a regional surname. */
export const surnamePickers = Object.fromEntries(Object.entries(SURNAMES).map(([r, list]) => [r, new WeightedPicker(list)])) as Record<
  Region,
  WeightedPicker<string>
>;
const pickers = {
  maleMuslim: new WeightedPicker(MALE_MUSLIM),
  maleChristian: new WeightedPicker(MALE_CHRISTIAN),
  maleTraditional: new WeightedPicker(MALE_TRADITIONAL),
  femaleMuslim: new WeightedPicker(FEMALE_MUSLIM),
  femaleChristian: new WeightedPicker(FEMALE_CHRISTIAN),
  femaleTraditional: new WeightedPicker(FEMALE_TRADITIONAL),
};
const MUSLIM_SHARE: Record<Region, number> = { north: 0.85, west: 0.65, south_east: 0.6, kono: 0.5 };

export function pickFirstName(rng: Rng, gender: 'female' | 'male', region: Region): string {
  if ((region === 'south_east' || region === 'kono') && rng.chance(0.3)) {
    return (gender === 'male' ? pickers.maleTraditional : pickers.femaleTraditional).pick(rng);
  }
  const isMuslim = rng.chance(MUSLIM_SHARE[region]);
  if (gender === 'male') return (isMuslim ? pickers.maleMuslim : pickers.maleChristian).pick(rng);
  return (isMuslim ? pickers.femaleMuslim : pickers.femaleChristian).pick(rng);
}
