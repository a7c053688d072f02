import type { TAccountType } from '@shared/credit-reference';
import type { TDistrict } from '@shared/districts';

// Reference lists for a synthetic registry that looks like Sierra Leone: names by language group
// and religion, districts weighted by the 2015 census population, their towns, and the phone
// ranges of the mobile networks. Weights are rough shares, not statistics.

export type Region = 'north' | 'south_east' | 'kono' | 'west';

/** District, census population (thousands), the region whose names dominate, towns. */
export const DISTRICT_DATA: { district: TDistrict; population: number; region: Region; towns: string[] }[] = [
  { district: 'Western Area Urban', population: 1055, region: 'west', towns: ['Freetown', 'Kissy', 'Wellington', 'Lumley', 'Aberdeen', 'Murray Town', 'Congo Town', 'Brookfields'] },
  { district: 'Western Area Rural', population: 444, region: 'west', towns: ['Waterloo', 'Hastings', 'Tombo', 'Kent', 'York', 'Regent', 'Grafton'] },
  { district: 'Bo', population: 575, region: 'south_east', towns: ['Bo', 'Gerihun', 'Baoma', 'Telu'] },
  { district: 'Kenema', population: 609, region: 'south_east', towns: ['Kenema', 'Tongo', 'Blama', 'Panguma'] },
  { district: 'Kailahun', population: 526, region: 'south_east', towns: ['Kailahun', 'Segbwema', 'Daru', 'Pendembu'] },
  { district: 'Pujehun', population: 346, region: 'south_east', towns: ['Pujehun', 'Zimmi', 'Potoru'] },
  { district: 'Bonthe', population: 200, region: 'south_east', towns: ['Bonthe', 'Mattru Jong'] },
  { district: 'Moyamba', population: 318, region: 'south_east', towns: ['Moyamba', 'Shenge', 'Taiama'] },
  { district: 'Kono', population: 506, region: 'kono', towns: ['Koidu', 'Motema', 'Yengema', 'Tombodu'] },
  { district: 'Bombali', population: 435, region: 'north', towns: ['Makeni', 'Binkolo', 'Kalangba'] },
  { district: 'Karene', population: 270, region: 'north', towns: ['Kamakwie', 'Batkanu'] },
  { district: 'Port Loko', population: 515, region: 'north', towns: ['Port Loko', 'Lunsar', 'Lungi', 'Masiaka'] },
  { district: 'Kambia', population: 345, region: 'north', towns: ['Kambia', 'Rokupr', 'Madina'] },
  { district: 'Tonkolili', population: 531, region: 'north', towns: ['Magburaka', 'Mile 91', 'Bumbuna', 'Yele'] },
  { district: 'Koinadugu', population: 200, region: 'north', towns: ['Kabala', 'Fadugu'] },
  { district: 'Falaba', population: 205, region: 'north', towns: ['Bendugu', 'Mongo', 'Sinkunia'] },
];

export const STREETS = [
  'Main Road', 'Siaka Stevens Street', 'Wilkinson Road', 'Kissy Road', 'Bai Bureh Road', 'Circular Road', 'Market Street', 'Mosque Road',
  'Church Street', 'Station Road', 'Hospital Road', 'Lumley Beach Road', 'Pademba Road', 'Fourah Bay Road', 'Dama Road', 'Mahei Boima Road',
  'Azzolini Highway', 'Makeni Road', 'Kabala Road', 'Old Railway Line', 'New London', 'Back Street', 'School Road', 'Lorry Park Road',
];

/** Surnames by region with rough weights; Kamara, Sesay, Koroma and Bangura are everywhere. */
export const SURNAMES: Record<Region, [string, number][]> = {
  north: [
    ['Kamara', 16], ['Sesay', 12], ['Bangura', 10], ['Koroma', 9], ['Conteh', 8], ['Turay', 7], ['Kanu', 6], ['Fofanah', 5], ['Kargbo', 6],
    ['Mansaray', 6], ['Tarawalley', 3], ['Sankoh', 3], ['Kabia', 3], ['Dumbuya', 3], ['Yillah', 2], ['Thoronka', 2], ['Jalloh', 5], ['Bah', 3],
    ['Barrie', 3], ['Sow', 1], ['Kuyateh', 1], ['Marah', 2], ['Sillah', 1], ['Jabbie', 1], ['Kamanda', 1], ['Samura', 2], ['Kebbie', 1],
  ],
  south_east: [
    ['Kamara', 9], ['Koroma', 7], ['Lahai', 4], ['Massaquoi', 3], ['Sannoh', 3], ['Bockarie', 4], ['Gbla', 2], ['Kallon', 4], ['Brima', 4],
    ['Momoh', 4], ['Musa', 3], ['Swaray', 3], ['Vandi', 3], ['Kpaka', 2], ['Lansana', 3], ['Fomba', 2], ['Joe', 2], ['Sandi', 2], ['Jusu', 3],
    ['Senesie', 2], ['Kanneh', 2], ['Quee', 1], ['Moiwo', 1], ['Gbondo', 1], ['Sesay', 3], ['Conteh', 2], ['Jalloh', 2], ['Bangura', 2],
  ],
  kono: [
    ['Komba', 6], ['Tamba', 5], ['Fillie', 3], ['Mbayo', 3], ['Kamanda', 4], ['Sam', 3], ['Aruna', 3], ['Sundufu', 2], ['Ngaujah', 2],
    ['Kamara', 6], ['Koroma', 5], ['Sesay', 3], ['Bockarie', 2], ['Gborie', 2], ['Saffa', 2],
  ],
  west: [
    ['Kamara', 10], ['Sesay', 8], ['Koroma', 7], ['Bangura', 7], ['Conteh', 5], ['Turay', 4], ['Jalloh', 5], ['Kargbo', 4], ['Mansaray', 3],
    ['Cole', 3], ['Williams', 3], ['Johnson', 3], ['Macauley', 2], ['Thomas', 2], ['Wright', 2], ['Taylor', 2], ['Pratt', 2], ['Decker', 1],
    ['Nicol', 1], ['Davies', 2], ['Campbell', 1], ['George', 2], ['Browne', 1], ['Smith', 1], ['Carew', 1], ['Roberts', 1], ['Spaine', 1],
    ['Leigh', 1], ['Renner', 1], ['Bah', 2], ['Barrie', 2], ['Kallon', 1], ['Fofanah', 2], ['Kanu', 2],
  ],
};

export const MALE_MUSLIM: [string, number][] = [
  ['Mohamed', 30], ['Abdul', 10], ['Ibrahim', 9], ['Alhaji', 7], ['Abu', 5], ['Abubakarr', 5], ['Sorie', 4], ['Musa', 4], ['Alusine', 4],
  ['Lamin', 4], ['Osman', 4], ['Ishmael', 3], ['Sheku', 3], ['Umaru', 3], ['Amadu', 3], ['Mustapha', 3], ['Foday', 3], ['Saidu', 3],
  ['Hassan', 2], ['Brima', 2], ['Idrissa', 2], ['Santigie', 2], ['Kelfala', 1], ['Momodu', 2], ['Unisa', 1], ['Sulaiman', 2], ['Yusufu', 1],
  ['Tejan', 1], ['Ansu', 1], ['Kabba', 1],
];
export const MALE_CHRISTIAN: [string, number][] = [
  ['John', 8], ['Joseph', 6], ['Emmanuel', 6], ['Samuel', 5], ['Daniel', 4], ['Peter', 4], ['Paul', 3], ['David', 4], ['Francis', 4],
  ['James', 4], ['Michael', 3], ['Augustine', 3], ['George', 2], ['Patrick', 3], ['Thomas', 2], ['Moses', 2], ['Christopher', 2],
  ['Edward', 2], ['Philip', 1],
];
export const FEMALE_MUSLIM: [string, number][] = [
  ['Fatmata', 25], ['Isatu', 12], ['Mariama', 10], ['Kadiatu', 10], ['Aminata', 10], ['Hawa', 8], ['Zainab', 6], ['Adama', 5],
  ['Fatima', 4], ['Mabinty', 4], ['Salamatu', 3], ['Ramatu', 3], ['Jeneba', 4], ['Memunatu', 2], ['Adamsay', 2], ['Nenneh', 2],
  ['Umu', 2], ['Mariatu', 3], ['Aissatu', 2], ['Binta', 2], ['Haja', 2],
];
export const FEMALE_CHRISTIAN: [string, number][] = [
  ['Christiana', 6], ['Mary', 6], ['Elizabeth', 4], ['Comfort', 4], ['Grace', 4], ['Josephine', 3], ['Agnes', 3], ['Esther', 3], ['Ruth', 2],
  ['Florence', 2], ['Patricia', 2], ['Victoria', 2], ['Margaret', 2], ['Rebecca', 2], ['Sarah', 2], ['Theresa', 2], ['Juliana', 1], ['Dorothy', 1],
];
/** Mende and Kono given names, used beside the religious ones in the south-east and in Kono. */
export const MALE_TRADITIONAL: [string, number][] = [['Sahr', 6], ['Tamba', 5], ['Komba', 4], ['Aiah', 4], ['Fayia', 2], ['Momoh', 3], ['Lahai', 3], ['Vandi', 2], ['Sam', 2]];
export const FEMALE_TRADITIONAL: [string, number][] = [['Sia', 6], ['Finda', 5], ['Kumba', 4], ['Tity', 2], ['Yei', 2], ['Musu', 3], ['Massah', 3], ['Jeneba', 2]];

/** Mobile ranges (+232 XX): Orange 76/77/78/79/30/33/75, Africell 88/99/77/30/31/32/34, Qcell 25/31/32, landlines 22 are rare for people. */
export const PHONE_PREFIXES = ['76', '77', '78', '79', '30', '33', '75', '88', '99', '31', '32', '34', '25', '72', '73', '74', '80', '90'];

export type LenderKind = 'bank' | 'mfi' | 'mobile' | 'utility' | 'telecom' | 'retail' | 'cooperative';

export interface LenderProfile {
  key: string;
  name: string;
  kind: LenderKind;
  accountTypes: TAccountType[];
  /** Relative share of accounts of its kind. */
  weight: number;
}

/** Fictional lenders: national banks, microfinance, a mobile-money lender, utilities, a telecom, retailers. */
export const LENDERS: LenderProfile[] = [
  { key: 'demo-mfi', name: 'Demo Microfinance Ltd', kind: 'mfi', accountTypes: ['microfinance_loan', 'group_loan', 'business_loan'], weight: 4 },
  { key: 'lion-mountain-bank', name: 'Lion Mountain Bank', kind: 'bank', accountTypes: ['personal_loan', 'salary_loan', 'overdraft', 'mortgage', 'vehicle_loan', 'credit_card'], weight: 5 },
  { key: 'freetown-commercial', name: 'Freetown Commercial Bank', kind: 'bank', accountTypes: ['personal_loan', 'salary_loan', 'overdraft', 'business_loan', 'credit_card'], weight: 4 },
  { key: 'salone-trust', name: 'Salone Trust Bank', kind: 'bank', accountTypes: ['personal_loan', 'salary_loan', 'business_loan', 'asset_finance'], weight: 3 },
  { key: 'bo-community-bank', name: 'Bo Community Bank', kind: 'bank', accountTypes: ['personal_loan', 'business_loan', 'salary_loan'], weight: 2 },
  { key: 'kenema-savings', name: 'Kenema Savings and Loans', kind: 'mfi', accountTypes: ['microfinance_loan', 'group_loan'], weight: 3 },
  { key: 'makeni-women-mfi', name: "Makeni Women's Microcredit", kind: 'mfi', accountTypes: ['group_loan', 'microfinance_loan'], weight: 3 },
  { key: 'kono-traders-credit', name: 'Kono Traders Credit', kind: 'mfi', accountTypes: ['business_loan', 'microfinance_loan'], weight: 2 },
  { key: 'salone-momo-credit', name: 'Salone MoMo Credit', kind: 'mobile', accountTypes: ['mobile_money_loan'], weight: 8 },
  { key: 'quick-cash-mobile', name: 'QuickCash Mobile Lending', kind: 'mobile', accountTypes: ['mobile_money_loan'], weight: 5 },
  { key: 'national-power', name: 'National Power Distribution (utility)', kind: 'utility', accountTypes: ['utility'], weight: 6 },
  { key: 'freetown-water', name: 'Freetown Water Company (utility)', kind: 'utility', accountTypes: ['utility'], weight: 3 },
  { key: 'salone-telecom', name: 'Salone Telecom Post-paid', kind: 'telecom', accountTypes: ['telecom_postpaid'], weight: 2 },
  { key: 'kissy-furniture', name: 'Kissy Furniture and Appliances', kind: 'retail', accountTypes: ['trade_credit', 'asset_finance'], weight: 2 },
  { key: 'farmers-coop', name: 'Tonkolili Farmers Cooperative', kind: 'cooperative', accountTypes: ['trade_credit', 'group_loan'], weight: 2 },
];

/** Spelling variants lenders produce for the same person (used to make realistic re-reports and matching probes). */
export const NAME_VARIANTS: Record<string, string[]> = {
  mohamed: ['Mohammed', 'Muhammed', 'Mohamad', 'Mohammad', 'Mahmoud'],
  fatmata: ['Fatimata', 'Fatamata', 'Fatmatta'],
  isatu: ['Isata', 'Issatu', 'Isha'],
  kadiatu: ['Kadijatu', 'Khadiatu', 'Kadiattu'],
  abdul: ['Abdulai', 'Abdoul'],
  mariama: ['Mariam', 'Mariamah', 'Maryama'],
  aminata: ['Aminatta', 'Aminatu'],
  ibrahim: ['Ibrahima', 'Ebrahim', 'Ibrahiem'],
  alhaji: ['Alhajie', 'Alhadji'],
  abubakarr: ['Abubakar', 'Abu Bakarr', 'Abubakarr'],
  sorie: ['Sori', 'Soriba'],
  osman: ['Usman', 'Othman'],
  foday: ['Fode', 'Fodey'],
  saidu: ['Saido', 'Said'],
  hawa: ['Hawah'],
  zainab: ['Zainabu', 'Zaynab'],
  alusine: ['Alhassan', 'Alusaine'],
  christiana: ['Christianah', 'Kristiana'],
  kamara: ['Kamarah', 'Camara'],
  sesay: ['Sessay', 'Sisay', 'Seisay'],
  koroma: ['Kroma', 'Korommah'],
  turay: ['Touray', 'Toure'],
  conteh: ['Conte', 'Contehh'],
  jalloh: ['Jallow', 'Diallo', 'Jalloah'],
  bah: ['Ba', 'Baah'],
  barrie: ['Barry', 'Bari'],
  fofanah: ['Fofana', 'Fofannah'],
  mansaray: ['Mansary', 'Mansarray'],
  bangura: ['Bangurah', 'Bangoura'],
  sankoh: ['Sanko', 'Sankor'],
  massaquoi: ['Massaquoe', 'Massaquoy'],
  kallon: ['Kalon', 'Kallong'],
  tarawalley: ['Tarawally', 'Tarawallie'],
  dumbuya: ['Dumbuyah', 'Dumbia'],
  macauley: ['Macaulay', 'McAuley'],
  kargbo: ['Kargboh', 'Kargbor'],
  lansana: ['Lansanah', 'Lansanna'],
  bockarie: ['Bockari', 'Bokarie'],
};
