/**
 * The demo catalogue's category names in Nepali, by English name, for the Nepali interface. Brand
 * and model names (Samsung, PlayStation, RAM) are written as Nepali shoppers write them.
 */
export const DEMO_NEPALI_NAMES: Readonly<Record<string, string>> = {
  Laptops: 'ल्यापटप',
  'Gaming Laptops': 'गेमिङ ल्यापटप',
  Ultrabooks: 'अल्ट्राबुक',
  'Budget Laptops': 'सस्तो ल्यापटप',
  Gaming: 'गेमिङ',
  Consoles: 'कन्सोल',
  PlayStation: 'प्लेस्टेसन',
  Xbox: 'एक्सबक्स',
  Nintendo: 'निन्टेन्डो',
  'Video Games': 'भिडियो गेम',
  'PlayStation Games': 'प्लेस्टेसन गेम',
  'Nintendo Switch Games': 'निन्टेन्डो स्विच गेम',
  Controllers: 'कन्ट्रोलर',
  Smartphones: 'स्मार्टफोन',
  'Android Phones': 'एन्ड्रोइड फोन',
  Samsung: 'साम्सङ',
  Xiaomi: 'शाओमी',
  OnePlus: 'वनप्लस',
  iPhones: 'आइफोन',
  Audio: 'अडियो',
  Headphones: 'हेडफोन',
  'Over-Ear': 'ओभर-इयर',
  'True Wireless': 'ट्रु वायरलेस',
  Speakers: 'स्पिकर',
  Accessories: 'एक्सेसरिज',
  Keyboards: 'किबोर्ड',
  Mice: 'माउस',
  'Power Banks': 'पावर बैंक',
  'Chargers & Cables': 'चार्जर र केबल',
  Components: 'कम्पोनेन्ट',
  'Graphics Cards': 'ग्राफिक्स कार्ड',
  Processors: 'प्रोसेसर',
  'Memory & Storage': 'मेमोरी र स्टोरेज',
  RAM: 'र्‍याम',
  SSDs: 'एसएसडी',
};

/** A demo category's Nepali name, or null for one the list does not know. */
export function demoNepaliName(name: string): string | null {
  return DEMO_NEPALI_NAMES[name] ?? null;
}
