import type { NepalProvince } from './orders.js';

/**
 * Nepal's 77 districts by province, each with its English and Nepali (Devanagari) name. The
 * English name is the one an order stores and the fee is reckoned from; a shopper may send either
 * name (the English in any letter case), and a few other spellings of the same district that people
 * write (Kavre, Chitawan, Kapilbastu…). Anything else, a short form like "ktm" included, is not a
 * district. The Kathmandu valley's three districts are marked: delivery there costs the valley rate.
 */
export interface District {
  /** The stored name, e.g. 'Kathmandu', 'Nawalparasi East'. */
  en: string;
  /** The name in Devanagari, e.g. 'काठमाडौं'. */
  ne: string;
  province: NepalProvince;
  /** In the Kathmandu valley. */
  valley: boolean;
  /** Other spellings of the same district, accepted as it. */
  aliases: readonly string[];
}

type Row = readonly [en: string, ne: string, aliases?: readonly string[]];

const BY_PROVINCE: Record<NepalProvince, readonly Row[]> = {
  Koshi: [
    ['Bhojpur', 'भोजपुर'],
    ['Dhankuta', 'धनकुटा'],
    ['Ilam', 'इलाम', ['Illam']],
    ['Jhapa', 'झापा'],
    ['Khotang', 'खोटाङ'],
    ['Morang', 'मोरङ'],
    ['Okhaldhunga', 'ओखलढुङ्गा', ['ओखलढुंगा']],
    ['Panchthar', 'पाँचथर'],
    ['Sankhuwasabha', 'संखुवासभा', ['सङ्खुवासभा']],
    ['Solukhumbu', 'सोलुखुम्बु'],
    ['Sunsari', 'सुनसरी'],
    ['Taplejung', 'ताप्लेजुङ'],
    ['Terhathum', 'तेह्रथुम', ['Tehrathum']],
    ['Udayapur', 'उदयपुर', ['Udaypur']],
  ],
  Madhesh: [
    ['Bara', 'बारा'],
    ['Dhanusha', 'धनुषा', ['Dhanusa']],
    ['Mahottari', 'महोत्तरी'],
    ['Parsa', 'पर्सा'],
    ['Rautahat', 'रौतहट'],
    ['Saptari', 'सप्तरी'],
    ['Sarlahi', 'सर्लाही'],
    ['Siraha', 'सिराहा'],
  ],
  Bagmati: [
    ['Bhaktapur', 'भक्तपुर'],
    ['Chitwan', 'चितवन', ['Chitawan']],
    ['Dhading', 'धादिङ'],
    ['Dolakha', 'दोलखा'],
    ['Kathmandu', 'काठमाडौं'],
    ['Kavrepalanchok', 'काभ्रेपलाञ्चोक', ['Kavre', 'Kabhrepalanchok', 'Kavrepalanchowk', 'काभ्रे']],
    ['Lalitpur', 'ललितपुर'],
    ['Makwanpur', 'मकवानपुर', ['Makawanpur']],
    ['Nuwakot', 'नुवाकोट'],
    ['Ramechhap', 'रामेछाप'],
    ['Rasuwa', 'रसुवा'],
    ['Sindhuli', 'सिन्धुली'],
    ['Sindhupalchok', 'सिन्धुपाल्चोक', ['Sindhupalchowk']],
  ],
  Gandaki: [
    ['Baglung', 'बागलुङ'],
    ['Gorkha', 'गोरखा'],
    ['Kaski', 'कास्की'],
    ['Lamjung', 'लमजुङ'],
    ['Manang', 'मनाङ'],
    ['Mustang', 'मुस्ताङ'],
    ['Myagdi', 'म्याग्दी'],
    ['Nawalparasi East', 'नवलपरासी पूर्व', ['Nawalpur', 'नवलपुर', 'नवलपरासी (बर्दघाट सुस्ता पूर्व)']],
    ['Parbat', 'पर्वत'],
    ['Syangja', 'स्याङ्जा', ['स्याङजा']],
    ['Tanahun', 'तनहुँ', ['Tanahu']],
  ],
  Lumbini: [
    ['Arghakhanchi', 'अर्घाखाँची'],
    ['Banke', 'बाँके'],
    ['Bardiya', 'बर्दिया'],
    ['Dang', 'दाङ'],
    ['Gulmi', 'गुल्मी'],
    ['Kapilvastu', 'कपिलवस्तु', ['Kapilbastu']],
    ['Nawalparasi West', 'नवलपरासी पश्चिम', ['Parasi', 'परासी', 'नवलपरासी (बर्दघाट सुस्ता पश्चिम)']],
    ['Palpa', 'पाल्पा'],
    ['Pyuthan', 'प्युठान'],
    ['Rolpa', 'रोल्पा'],
    ['Rukum East', 'रुकुम पूर्व', ['Eastern Rukum', 'पूर्वी रुकुम']],
    ['Rupandehi', 'रुपन्देही'],
  ],
  Karnali: [
    ['Dailekh', 'दैलेख'],
    ['Dolpa', 'डोल्पा'],
    ['Humla', 'हुम्ला'],
    ['Jajarkot', 'जाजरकोट'],
    ['Jumla', 'जुम्ला'],
    ['Kalikot', 'कालिकोट'],
    ['Mugu', 'मुगु'],
    ['Rukum West', 'रुकुम पश्चिम', ['Western Rukum', 'पश्चिमी रुकुम']],
    ['Salyan', 'सल्यान'],
    ['Surkhet', 'सुर्खेत'],
  ],
  Sudurpashchim: [
    ['Achham', 'अछाम'],
    ['Baitadi', 'बैतडी'],
    ['Bajhang', 'बझाङ'],
    ['Bajura', 'बाजुरा'],
    ['Dadeldhura', 'डडेलधुरा'],
    ['Darchula', 'दार्चुला'],
    ['Doti', 'डोटी'],
    ['Kailali', 'कैलाली'],
    ['Kanchanpur', 'कञ्चनपुर'],
  ],
};

/** The Kathmandu valley's districts, where delivery costs the valley rate. */
export const VALLEY_DISTRICT_NAMES = ['Kathmandu', 'Lalitpur', 'Bhaktapur'] as const;

/** All 77, province by province (east to west), each province's districts in English alphabetical order. */
export const DISTRICTS: readonly District[] = Object.entries(BY_PROVINCE).flatMap(([province, rows]) =>
  rows.map(([en, ne, aliases = []]): District => ({
    en,
    ne,
    province: province as NepalProvince,
    valley: (VALLEY_DISTRICT_NAMES as readonly string[]).includes(en),
    aliases,
  })),
);

/**
 * A name as it is compared: NFC, without zero-width joiners, spaces collapsed, lower case, and
 * the two nasal marks (ँ and ं, written either way in the same name: काठमाडौँ, काठमाडौं) taken as one.
 */
export function districtKey(text: string): string {
  return text
    .normalize('NFC')
    .replace(/[\u200b-\u200d\ufeff]/g, '')
    .replace(/\u0901/g, '\u0902')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}

const BY_KEY = new Map<string, District>();
for (const district of DISTRICTS) {
  for (const name of [district.en, district.ne, ...district.aliases]) BY_KEY.set(districtKey(name), district);
}

/** The district a shopper's text names (English in any case, Devanagari, or a known other spelling), if any. */
export function findDistrict(text: string): District | undefined {
  return BY_KEY.get(districtKey(text));
}

/** A province's districts, in the list's order. */
export function districtsOf(province: string): District[] {
  return DISTRICTS.filter((district) => district.province === province);
}

/** The district's name in the page's language; a name not in the list (an old order's) as it was written. */
export function districtName(name: string, locale: 'en' | 'ne'): string {
  const district = findDistrict(name);
  if (!district) return name;
  return locale === 'ne' ? district.ne : district.en;
}
