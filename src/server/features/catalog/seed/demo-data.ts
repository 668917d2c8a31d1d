/**
 * The demo catalogue Pasal fills itself with on first start (see seed-demo.ts), and the
 * vocabulary the bulk seeder (cli/seed.ts) draws its synthesized products from.
 *
 * Prices are rupees (converted to paisa when stored) and are spread over every price range of
 * the price filter. Each product names a visual recipe: a Fluent 3D emoji (by its asset file name in
 * @lobehub/fluent-emoji-3d) and a palette; artwork.ts turns that into 2–4 product images.
 */

/** The Fluent 3D emoji the artwork uses: file names (without .webp) in @lobehub/fluent-emoji-3d/assets. */
export const EMOJI = {
  laptop: '1f4bb',
  controller: '1f3ae',
  joystick: '1f579-fe0f',
  phone: '1f4f1',
  headphones: '1f3a7',
  speaker: '1f50a',
  microphone: '1f3a4',
  keyboard: '2328-fe0f',
  mouse: '1f5b1-fe0f',
  battery: '1f50b',
  plug: '1f50c',
  bolt: '26a1',
  desktop: '1f5a5-fe0f',
  floppy: '1f4be',
  disc: '1f4bf',
  drive: '1f4bd',
  brain: '1f9e0',
  alien: '1f47e',
  sparkles: '2728',
} as const;

export type EmojiName = keyof typeof EMOJI;

/** Gradient backgrounds: two stops and a glow colour behind the object. */
export interface Palette {
  from: string;
  to: string;
  glow: string;
}

export const PALETTES = {
  crimson: { from: '#dc143c', to: '#5b0a1f', glow: '#ff8fa3' },
  ocean: { from: '#1e88e5', to: '#0d2b5e', glow: '#8fd3ff' },
  violet: { from: '#7c3aed', to: '#2e1065', glow: '#c4b5fd' },
  emerald: { from: '#10b981', to: '#064e3b', glow: '#a7f3d0' },
  sunset: { from: '#fb923c', to: '#9d174d', glow: '#fde68a' },
  slate: { from: '#64748b', to: '#0f172a', glow: '#cbd5e1' },
  gold: { from: '#f5c542', to: '#b45309', glow: '#fff7cc' },
  teal: { from: '#14b8a6', to: '#134e4a', glow: '#99f6e4' },
  rose: { from: '#f472b6', to: '#831843', glow: '#fbcfe8' },
  sky: { from: '#7dd3fc', to: '#1d4ed8', glow: '#e0f2fe' },
  midnight: { from: '#312e81', to: '#020617', glow: '#818cf8' },
  lime: { from: '#a3e635', to: '#166534', glow: '#ecfccb' },
} as const satisfies Record<string, Palette>;

export type PaletteName = keyof typeof PALETTES;

export interface DemoSubCategory {
  name: string;
  children?: string[];
}

export interface DemoCategory {
  name: string;
  subCategories: DemoSubCategory[];
}

/** The tree. The six top-level names are the ones the web's footer and home tiles link to. */
export const DEMO_TREE: DemoCategory[] = [
  {
    name: 'Laptops',
    subCategories: [{ name: 'Gaming Laptops' }, { name: 'Ultrabooks' }, { name: 'Budget Laptops' }],
  },
  {
    name: 'Gaming',
    subCategories: [
      { name: 'Consoles', children: ['PlayStation', 'Xbox', 'Nintendo'] },
      { name: 'Video Games', children: ['PlayStation Games', 'Nintendo Switch Games'] },
      { name: 'Controllers' },
    ],
  },
  {
    name: 'Smartphones',
    subCategories: [{ name: 'Android Phones', children: ['Samsung', 'Xiaomi', 'OnePlus'] }, { name: 'iPhones' }],
  },
  {
    name: 'Audio',
    subCategories: [{ name: 'Headphones', children: ['Over-Ear', 'True Wireless'] }, { name: 'Speakers' }],
  },
  {
    name: 'Accessories',
    subCategories: [{ name: 'Keyboards' }, { name: 'Mice' }, { name: 'Power Banks' }, { name: 'Chargers & Cables' }],
  },
  {
    name: 'Components',
    subCategories: [{ name: 'Graphics Cards' }, { name: 'Processors' }, { name: 'Memory & Storage', children: ['RAM', 'SSDs'] }],
  },
];

export interface DemoProduct {
  name: string;
  description: string;
  /** Rupees. */
  price: number;
  /** [category, subcategory?, child category?] by name, as in DEMO_TREE. */
  path: [string, string?, string?];
  featured?: boolean;
  /** Tracked stock; absent = not tracked. */
  stock?: number;
  /** Shown under the price ('1 year official warranty'); absent = none. */
  warranty?: string;
  emoji: EmojiName;
  /** A second, smaller emoji some image variants add. */
  accent?: EmojiName;
  palette: PaletteName;
}

export const DEMO_PRODUCTS: DemoProduct[] = [
  // ---------------------------------------------------------------- Laptops
  {
    name: 'ASUS ROG Strix G16 (RTX 4070, i9-14900HX)',
    description:
      '16-inch 240 Hz QHD+ gaming laptop with an Intel Core i9-14900HX, GeForce RTX 4070 8 GB, 16 GB DDR5 and a 1 TB NVMe SSD. Two years of ASUS warranty in Nepal, free delivery inside the Kathmandu valley.',
    price: 289_999,
    warranty: '2 years official ASUS warranty',
    path: ['Laptops', 'Gaming Laptops'],
    featured: true,
    stock: 4,
    emoji: 'laptop',
    accent: 'controller',
    palette: 'crimson',
  },
  {
    name: 'Lenovo Legion 5i Gen 9 (RTX 4060)',
    description:
      'Core i7-14650HX, RTX 4060 with 140 W TGP, 16 GB DDR5-5600 and 1 TB SSD behind a 16-inch 165 Hz WQXGA screen. Legion ColdFront cooling keeps it quiet; one year Lenovo Nepal warranty.',
    price: 214_999,
    warranty: '1 year Lenovo Nepal warranty',
    path: ['Laptops', 'Gaming Laptops'],
    stock: 6,
    emoji: 'laptop',
    accent: 'bolt',
    palette: 'midnight',
  },
  {
    name: 'Acer Nitro V 15 (RTX 3050, i5-13420H)',
    description:
      'An affordable 1080p gaming laptop: Core i5-13420H, RTX 3050 6 GB, 8 GB DDR5 (upgradeable to 32 GB) and a 512 GB SSD with a 144 Hz panel. One year warranty through the Acer service centre in Putalisadak.',
    price: 94_999,
    warranty: '1 year Acer service centre warranty',
    path: ['Laptops', 'Gaming Laptops'],
    emoji: 'laptop',
    accent: 'alien',
    palette: 'lime',
  },
  {
    name: 'HP Victus 15 (Ryzen 5 7535HS, RTX 2050)',
    description:
      'Ryzen 5 7535HS, RTX 2050 4 GB, 16 GB RAM and a 512 GB SSD in a 15.6-inch 144 Hz body. A sensible first gaming laptop for eSports titles; one year HP warranty in Nepal.',
    price: 87_500,
    warranty: '1 year HP warranty in Nepal',
    path: ['Laptops', 'Gaming Laptops'],
    stock: 0,
    emoji: 'laptop',
    palette: 'ocean',
  },
  {
    name: 'Apple MacBook Air 13" M3 (8 GB / 256 GB)',
    description:
      'The fanless MacBook Air with the Apple M3 chip, a 13.6-inch Liquid Retina display and up to 18 hours of battery life. Official one year Apple warranty through the authorised reseller in Nepal.',
    price: 164_900,
    warranty: '1 year official Apple warranty',
    path: ['Laptops', 'Ultrabooks'],
    featured: true,
    stock: 8,
    emoji: 'laptop',
    accent: 'sparkles',
    palette: 'slate',
  },
  {
    name: 'Dell XPS 13 9340 (Core Ultra 7)',
    description:
      'Intel Core Ultra 7 155H, 16 GB LPDDR5x and a 512 GB SSD in a 1.19 kg aluminium chassis with a 13.4-inch FHD+ display. Includes one year of Dell onsite service inside the Kathmandu valley.',
    price: 199_000,
    path: ['Laptops', 'Ultrabooks'],
    emoji: 'laptop',
    palette: 'sky',
  },
  {
    name: 'Acer Swift Go 14 OLED (Core i5-13500H)',
    description:
      'A 2.8K 90 Hz OLED screen, Core i5-13500H, 16 GB RAM and a 512 GB SSD in a 1.3 kg shell. Great for students and office work on the move; one year Acer Nepal warranty.',
    price: 89_999,
    path: ['Laptops', 'Ultrabooks'],
    emoji: 'laptop',
    palette: 'teal',
  },
  {
    name: 'Lenovo IdeaPad Slim 3 (Core i3-1215U)',
    description:
      '15.6-inch Full HD laptop with a Core i3-1215U, 8 GB RAM and a 512 GB SSD: enough for classes, Zoom and spreadsheets. One year Lenovo warranty in Nepal and free delivery inside Ring Road.',
    price: 54_999,
    path: ['Laptops', 'Budget Laptops'],
    emoji: 'laptop',
    palette: 'emerald',
  },
  {
    name: 'Acer Aspire 3 (Ryzen 3 7320U)',
    description:
      'An entry laptop with a Ryzen 3 7320U, 8 GB LPDDR5 and a 256 GB SSD behind a 15.6-inch FHD screen. Light enough for daily college commutes; one year warranty in Nepal.',
    price: 46_999,
    path: ['Laptops', 'Budget Laptops'],
    stock: 12,
    emoji: 'laptop',
    palette: 'gold',
  },
  {
    name: 'ASUS Vivobook Go 15 (Celeron N4500)',
    description:
      'A basic 15.6-inch laptop for browsing and documents: Intel Celeron N4500, 4 GB RAM and 128 GB eMMC storage. One year ASUS warranty; delivered across the Kathmandu valley in a day.',
    price: 36_500,
    path: ['Laptops', 'Budget Laptops'],
    emoji: 'laptop',
    palette: 'rose',
  },

  // ---------------------------------------------------------------- Gaming
  {
    name: 'Sony PlayStation 5 Slim (Disc Edition)',
    description:
      'The slimmer PS5 with an Ultra HD Blu-ray drive, 1 TB SSD and a DualSense wireless controller in the box. One year replacement warranty from Pasal; free delivery inside the Kathmandu valley.',
    price: 84_999,
    warranty: '1 year shop warranty',
    path: ['Gaming', 'Consoles', 'PlayStation'],
    featured: true,
    stock: 5,
    emoji: 'controller',
    accent: 'sparkles',
    palette: 'ocean',
  },
  {
    name: 'Sony PlayStation 5 Pro',
    description:
      'The most powerful PlayStation: an upgraded GPU, PSSR upscaling and a 2 TB SSD for 4K gaming at higher frame rates. Disc drive sold separately; one year warranty in Nepal.',
    price: 124_999,
    warranty: '1 year shop warranty',
    path: ['Gaming', 'Consoles', 'PlayStation'],
    stock: 2,
    emoji: 'controller',
    accent: 'bolt',
    palette: 'midnight',
  },
  {
    name: 'Microsoft Xbox Series X (1 TB)',
    description:
      'True 4K gaming at up to 120 fps with a 12 teraflop GPU, a 1 TB NVMe SSD and a 4K Blu-ray drive. Works with Game Pass; one year warranty and free Kathmandu valley delivery.',
    price: 89_000,
    path: ['Gaming', 'Consoles', 'Xbox'],
    emoji: 'controller',
    palette: 'emerald',
  },
  {
    name: 'Microsoft Xbox Series S (512 GB)',
    description:
      'The compact, all-digital Xbox: 1440p at up to 120 fps, a 512 GB SSD and Quick Resume. The cheapest way into current-generation gaming; one year warranty in Nepal.',
    price: 52_999,
    path: ['Gaming', 'Consoles', 'Xbox'],
    emoji: 'controller',
    accent: 'alien',
    palette: 'lime',
  },
  {
    name: 'Nintendo Switch OLED (White)',
    description:
      'A 7-inch OLED screen, 64 GB of storage, a wide adjustable stand and a dock with a LAN port. Play on the TV or on the bus to Pokhara; one year warranty from Pasal.',
    price: 47_999,
    warranty: '6 months shop warranty',
    path: ['Gaming', 'Consoles', 'Nintendo'],
    featured: true,
    stock: 7,
    emoji: 'joystick',
    accent: 'sparkles',
    palette: 'crimson',
  },
  {
    name: 'Nintendo Switch Lite (Turquoise)',
    description:
      'The handheld-only Switch: a 5.5-inch screen, built-in controls and about 3 to 7 hours of battery. Light and sturdy for kids; six months warranty in Nepal.',
    price: 28_500,
    path: ['Gaming', 'Consoles', 'Nintendo'],
    emoji: 'joystick',
    palette: 'teal',
  },
  {
    name: "Marvel's Spider-Man 2 (PS5)",
    description:
      'Swing through New York as Peter Parker and Miles Morales in the PS5 exclusive. Original sealed disc with English and Hindi subtitles; delivered inside the valley the same day.',
    price: 8_999,
    path: ['Gaming', 'Video Games', 'PlayStation Games'],
    emoji: 'disc',
    accent: 'alien',
    palette: 'crimson',
  },
  {
    name: 'EA Sports FC 25 (PS5)',
    description:
      'The latest football season with Rush 5v5, updated clubs and Ultimate Team. Original PS5 disc; a Dashain favourite for two-player matches.',
    price: 7_499,
    path: ['Gaming', 'Video Games', 'PlayStation Games'],
    stock: 20,
    emoji: 'disc',
    palette: 'emerald',
  },
  {
    name: 'God of War Ragnarök (PS5)',
    description:
      'Kratos and Atreus journey across the Nine Realms in the acclaimed sequel. Original sealed PS5 disc, English audio; fast delivery inside the Kathmandu valley.',
    price: 6_499,
    path: ['Gaming', 'Video Games', 'PlayStation Games'],
    emoji: 'disc',
    palette: 'slate',
  },
  {
    name: 'Mario Kart 8 Deluxe (Nintendo Switch)',
    description:
      'The best-selling Switch racer with 48 tracks and local multiplayer for up to four players. Original game card; pairs perfectly with a Switch OLED.',
    price: 8_200,
    path: ['Gaming', 'Video Games', 'Nintendo Switch Games'],
    emoji: 'joystick',
    accent: 'sparkles',
    palette: 'sunset',
  },
  {
    name: 'The Legend of Zelda: Tears of the Kingdom (Switch)',
    description:
      'Explore Hyrule and the sky islands above it in one of the most praised games of the decade. Original Switch game card, new and sealed.',
    price: 9_200,
    path: ['Gaming', 'Video Games', 'Nintendo Switch Games'],
    emoji: 'disc',
    accent: 'sparkles',
    palette: 'lime',
  },
  {
    name: 'Sony DualSense Wireless Controller (Midnight Black)',
    description:
      'Haptic feedback, adaptive triggers and a built-in microphone for the PS5; also works on PC over USB-C or Bluetooth. Six months warranty from Pasal.',
    price: 9_499,
    path: ['Gaming', 'Controllers'],
    stock: 15,
    emoji: 'controller',
    palette: 'midnight',
  },
  {
    name: 'Xbox Wireless Controller (Carbon Black)',
    description:
      'Textured grips, a hybrid D-pad and Bluetooth for Xbox, Windows PCs and phones; runs on two AA batteries. Six months warranty in Nepal.',
    price: 7_800,
    path: ['Gaming', 'Controllers'],
    emoji: 'controller',
    palette: 'slate',
  },
  {
    name: 'Nintendo Switch Pro Controller',
    description:
      'The full-size Switch controller with HD rumble, motion controls and amiibo support, charging over USB-C for about 40 hours of play. Six months warranty.',
    price: 10_500,
    path: ['Gaming', 'Controllers'],
    emoji: 'joystick',
    palette: 'sky',
  },
  {
    name: 'Fantech Shooter II WGP13 Gamepad',
    description:
      'A budget wired and 2.4 GHz gamepad for PC and PS3 with dual vibration motors and turbo buttons. Three months warranty; popular with PUBG and FIFA players in Kathmandu.',
    price: 2_650,
    path: ['Gaming', 'Controllers'],
    emoji: 'controller',
    palette: 'gold',
  },

  // ---------------------------------------------------------------- Smartphones
  {
    name: 'Apple iPhone 16 Pro Max (256 GB)',
    description:
      'A 6.9-inch ProMotion display, the A18 Pro chip, a titanium frame and a 5x telephoto camera. Official Nepal unit with one year Apple warranty through the authorised distributor.',
    price: 224_900,
    warranty: '1 year official Apple warranty',
    path: ['Smartphones', 'iPhones'],
    featured: true,
    stock: 3,
    emoji: 'phone',
    accent: 'sparkles',
    palette: 'gold',
  },
  {
    name: 'Apple iPhone 15 (128 GB)',
    description:
      'Dynamic Island, a 48 MP main camera and USB-C on a 6.1-inch Super Retina XDR display. Official Nepal unit, registered with the NTA and covered by one year warranty.',
    price: 124_900,
    warranty: '1 year official Apple warranty',
    path: ['Smartphones', 'iPhones'],
    emoji: 'phone',
    palette: 'rose',
  },
  {
    name: 'Apple iPhone 13 (128 GB)',
    description:
      'The A15 Bionic, dual 12 MP cameras with Cinematic mode and a 6.1-inch OLED screen, still a great iPhone at a lower price. One year warranty in Nepal.',
    price: 84_900,
    warranty: '1 year official Apple warranty',
    path: ['Smartphones', 'iPhones'],
    stock: 0,
    emoji: 'phone',
    palette: 'sky',
  },
  {
    name: 'Samsung Galaxy S24 Ultra (12/256 GB)',
    description:
      'Snapdragon 8 Gen 3 for Galaxy, a 200 MP camera with 5x zoom, the built-in S Pen and seven years of updates. One year Samsung Nepal warranty with service centres across the country.',
    price: 189_999,
    warranty: '1 year official Samsung warranty',
    path: ['Smartphones', 'Android Phones', 'Samsung'],
    featured: true,
    emoji: 'phone',
    accent: 'bolt',
    palette: 'violet',
  },
  {
    name: 'Samsung Galaxy S24 FE (8/256 GB)',
    description:
      'Flagship features for less: Exynos 2400e, a 6.7-inch 120 Hz AMOLED, a 50 MP triple camera and Galaxy AI. One year Samsung Nepal warranty.',
    price: 84_999,
    path: ['Smartphones', 'Android Phones', 'Samsung'],
    emoji: 'phone',
    palette: 'ocean',
  },
  {
    name: 'Samsung Galaxy A35 5G (8/128 GB)',
    description:
      'A 6.6-inch Super AMOLED at 120 Hz, a 50 MP OIS camera, IP67 water resistance and a 5000 mAh battery. Official Samsung Nepal set with one year warranty.',
    price: 43_999,
    warranty: '1 year official Samsung warranty',
    path: ['Smartphones', 'Android Phones', 'Samsung'],
    stock: 18,
    emoji: 'phone',
    palette: 'lime',
  },
  {
    name: 'Samsung Galaxy A15 (6/128 GB)',
    description:
      'A 6.5-inch 90 Hz AMOLED, a 50 MP camera and a 5000 mAh battery with 25 W charging. A dependable everyday phone with one year Samsung warranty in Nepal.',
    price: 22_999,
    path: ['Smartphones', 'Android Phones', 'Samsung'],
    emoji: 'phone',
    palette: 'teal',
  },
  {
    name: 'Xiaomi Redmi Note 13 Pro (8/256 GB)',
    description:
      'A 200 MP main camera, a 6.67-inch 1.5K AMOLED at 120 Hz and 67 W turbo charging. Official Xiaomi Nepal unit with one year warranty and Mi service centres in every province.',
    price: 39_999,
    warranty: '1 year official Xiaomi warranty',
    path: ['Smartphones', 'Android Phones', 'Xiaomi'],
    emoji: 'phone',
    accent: 'sparkles',
    palette: 'sunset',
  },
  {
    name: 'Xiaomi Redmi 13C (4/128 GB)',
    description:
      'A 6.74-inch 90 Hz display, a 50 MP camera and a 5000 mAh battery at an entry price. Official Xiaomi Nepal set; free delivery inside the Kathmandu valley.',
    price: 15_999,
    path: ['Smartphones', 'Android Phones', 'Xiaomi'],
    stock: 25,
    emoji: 'phone',
    palette: 'emerald',
  },
  {
    name: 'Xiaomi Redmi A3 (3/64 GB)',
    description:
      'A simple 6.71-inch phone with a 5000 mAh battery, dual SIM and a fingerprint sensor: ideal for parents or as a backup phone. One year warranty in Nepal.',
    price: 11_999,
    path: ['Smartphones', 'Android Phones', 'Xiaomi'],
    emoji: 'phone',
    palette: 'gold',
  },
  {
    name: 'OnePlus 12R (16/256 GB)',
    description:
      'Snapdragon 8 Gen 2, a 6.78-inch 120 Hz LTPO AMOLED, a 5500 mAh battery and 100 W SUPERVOOC charging. One year OnePlus warranty in Nepal.',
    price: 74_999,
    path: ['Smartphones', 'Android Phones', 'OnePlus'],
    emoji: 'phone',
    accent: 'bolt',
    palette: 'crimson',
  },
  {
    name: 'OnePlus Nord CE4 Lite 5G (8/256 GB)',
    description:
      'A bright 120 Hz AMOLED, a 5500 mAh battery with 80 W charging and a 50 MP Sony camera. A strong mid-range pick with one year warranty in Nepal.',
    price: 32_999,
    path: ['Smartphones', 'Android Phones', 'OnePlus'],
    emoji: 'phone',
    palette: 'sky',
  },

  // ---------------------------------------------------------------- Audio
  {
    name: 'Sony WH-1000XM5 Wireless Noise Cancelling Headphones',
    description:
      'Industry-leading noise cancelling with eight microphones, 30 hours of battery and multipoint Bluetooth. Quiet on long flights out of TIA; one year Sony warranty in Nepal.',
    price: 46_999,
    warranty: '1 year Sony warranty',
    path: ['Audio', 'Headphones', 'Over-Ear'],
    featured: true,
    stock: 9,
    emoji: 'headphones',
    accent: 'sparkles',
    palette: 'slate',
  },
  {
    name: 'Sony WH-CH720N Noise Cancelling Headphones',
    description:
      'Lightweight 192 g over-ears with active noise cancelling, 35 hours of battery and USB-C quick charge. One year Sony warranty in Nepal.',
    price: 16_500,
    path: ['Audio', 'Headphones', 'Over-Ear'],
    emoji: 'headphones',
    palette: 'ocean',
  },
  {
    name: 'HyperX Cloud II Gaming Headset',
    description:
      'A comfortable memory-foam headset with virtual 7.1 surround, 53 mm drivers and a detachable noise-cancelling microphone. Two years HyperX warranty through the Nepal distributor.',
    price: 11_500,
    path: ['Audio', 'Headphones', 'Over-Ear'],
    emoji: 'headphones',
    accent: 'microphone',
    palette: 'crimson',
  },
  {
    name: 'Anker Soundcore Life Q30',
    description:
      'Hybrid active noise cancelling, 40 hours of playtime and Hi-Res audio at a fair price. 18 months Anker warranty in Nepal.',
    price: 9_500,
    path: ['Audio', 'Headphones', 'Over-Ear'],
    emoji: 'headphones',
    palette: 'midnight',
  },
  {
    name: 'Apple AirPods Pro (2nd generation, USB-C)',
    description:
      'Active noise cancelling, Adaptive Audio, personalised spatial audio and a MagSafe USB-C case. Official one year Apple warranty in Nepal.',
    price: 36_500,
    path: ['Audio', 'Headphones', 'True Wireless'],
    emoji: 'headphones',
    accent: 'sparkles',
    palette: 'sky',
  },
  {
    name: 'Samsung Galaxy Buds FE',
    description:
      'Active noise cancelling earbuds with a single 12 mm driver, comfortable wing tips and up to 21 hours with the case. One year Samsung Nepal warranty.',
    price: 12_999,
    path: ['Audio', 'Headphones', 'True Wireless'],
    emoji: 'headphones',
    palette: 'violet',
  },
  {
    name: 'boAt Airdopes 141 ANC',
    description:
      'Budget true wireless earbuds with 32 dB ANC, 42 hours of total playback and low-latency BEAST mode for mobile games. Six months warranty in Nepal.',
    price: 3_299,
    path: ['Audio', 'Headphones', 'True Wireless'],
    stock: 40,
    emoji: 'headphones',
    palette: 'sunset',
  },
  {
    name: 'JBL Flip 6 Portable Bluetooth Speaker',
    description:
      'Bold JBL Pro Sound from a racetrack driver and separate tweeter, IP67 dust and water proof, 12 hours of play. Perfect for picnics in Godawari; one year JBL warranty in Nepal.',
    price: 15_999,
    path: ['Audio', 'Speakers'],
    emoji: 'speaker',
    accent: 'sparkles',
    palette: 'teal',
  },
  {
    name: 'JBL Charge 5 Portable Speaker',
    description:
      'Deeper bass, 20 hours of playtime, IP67 protection and a built-in power bank to charge your phone. One year JBL warranty through the Nepal distributor.',
    price: 24_500,
    path: ['Audio', 'Speakers'],
    emoji: 'speaker',
    palette: 'ocean',
  },
  {
    name: 'JBL Go 3 Mini Speaker',
    description:
      'A pocket speaker with surprisingly punchy sound, IP67 waterproofing and 5 hours of battery. Clip it to your bag; six months warranty in Nepal.',
    price: 4_999,
    path: ['Audio', 'Speakers'],
    stock: 1,
    emoji: 'speaker',
    palette: 'rose',
  },
  {
    name: 'Marshall Emberton II',
    description:
      'The classic Marshall look in a rugged IP67 speaker with 360-degree True Stereophonic sound and 30+ hours of battery. One year warranty in Nepal.',
    price: 26_999,
    path: ['Audio', 'Speakers'],
    emoji: 'speaker',
    accent: 'microphone',
    palette: 'slate',
  },

  // ---------------------------------------------------------------- Accessories
  {
    name: 'Keychron K2 Pro Wireless Mechanical Keyboard',
    description:
      'A 75% hot-swappable mechanical keyboard with Gateron G Pro Brown switches, QMK/VIA support and Bluetooth for Mac and Windows. One year warranty from Pasal.',
    price: 14_500,
    path: ['Accessories', 'Keyboards'],
    emoji: 'keyboard',
    accent: 'sparkles',
    palette: 'gold',
  },
  {
    name: 'Redragon K552 Kumara RGB Mechanical Keyboard',
    description:
      'A compact tenkeyless keyboard with Outemu Blue switches, RGB backlight and a metal top plate. Six months warranty; a favourite budget mechanical board in Nepal.',
    price: 5_500,
    path: ['Accessories', 'Keyboards'],
    stock: 30,
    emoji: 'keyboard',
    palette: 'crimson',
  },
  {
    name: 'Logitech MK270 Wireless Keyboard and Mouse Combo',
    description:
      'A full-size keyboard and a mouse sharing one 2.4 GHz nano receiver, with up to 24 months of keyboard battery life. One year Logitech warranty in Nepal.',
    price: 3_250,
    path: ['Accessories', 'Keyboards'],
    emoji: 'keyboard',
    accent: 'mouse',
    palette: 'sky',
  },
  {
    name: 'Logitech G Pro X Superlight 2',
    description:
      'A 60 g wireless eSports mouse with the HERO 2 sensor at 32 000 DPI, LIGHTFORCE hybrid switches and 95 hours of battery. Two years Logitech warranty in Nepal.',
    price: 21_500,
    warranty: '2 years Logitech warranty',
    path: ['Accessories', 'Mice'],
    emoji: 'mouse',
    accent: 'bolt',
    palette: 'midnight',
  },
  {
    name: 'Logitech G502 HERO Gaming Mouse',
    description:
      'The best-selling wired gaming mouse: 25 600 DPI HERO sensor, 11 programmable buttons and adjustable weights. Two years Logitech warranty in Nepal.',
    price: 7_500,
    path: ['Accessories', 'Mice'],
    emoji: 'mouse',
    palette: 'emerald',
  },
  {
    name: 'Logitech M185 Wireless Mouse',
    description:
      'A compact, reliable wireless mouse with a tiny USB receiver and a year of battery life from one AA cell. One year warranty; delivered the same day inside the valley.',
    price: 1_450,
    path: ['Accessories', 'Mice'],
    stock: 60,
    emoji: 'mouse',
    palette: 'slate',
  },
  {
    name: 'Redragon M711 Cobra RGB Gaming Mouse',
    description:
      'A 10 000 DPI wired gaming mouse with seven programmable buttons and Chroma RGB lighting. Six months warranty from Pasal.',
    price: 2_800,
    path: ['Accessories', 'Mice'],
    emoji: 'mouse',
    accent: 'alien',
    palette: 'violet',
  },
  {
    name: 'Xiaomi Redmi 20000mAh 18W Power Bank',
    description:
      'A 20 000 mAh power bank with two USB-A outputs, USB-C and micro-USB inputs and 18 W fast charging. Keeps phones alive through load-shedding and long bus rides; six months warranty.',
    price: 2_999,
    path: ['Accessories', 'Power Banks'],
    stock: 35,
    emoji: 'battery',
    palette: 'lime',
  },
  {
    name: 'Anker 737 Power Bank (PowerCore 24K)',
    description:
      'A 24 000 mAh power bank with 140 W two-way USB-C charging and a smart display that shows the charge left. Can top up a MacBook; 18 months Anker warranty in Nepal.',
    price: 15_500,
    path: ['Accessories', 'Power Banks'],
    emoji: 'battery',
    accent: 'bolt',
    palette: 'teal',
  },
  {
    name: 'Baseus Bipow 10000mAh 20W Power Bank',
    description:
      'A slim 10 000 mAh pack with 20 W USB-C Power Delivery and a digital charge display. Fits in a jacket pocket; six months warranty in Nepal.',
    price: 2_450,
    path: ['Accessories', 'Power Banks'],
    emoji: 'battery',
    palette: 'sunset',
  },
  {
    name: 'Anker 735 Nano II 65W GaN Charger',
    description:
      'A compact 65 W GaN II charger with two USB-C ports and one USB-A port, enough for a laptop and a phone at once. 18 months Anker warranty in Nepal.',
    price: 6_200,
    path: ['Accessories', 'Chargers & Cables'],
    emoji: 'plug',
    accent: 'bolt',
    palette: 'ocean',
  },
  {
    name: 'Ugreen USB-C to USB-C 100W Braided Cable (2 m)',
    description:
      'A nylon-braided USB-C cable rated for 100 W Power Delivery and 480 Mbps data, tested for 10 000 bends. Six months warranty; free delivery with any other order in the valley.',
    price: 1_199,
    path: ['Accessories', 'Chargers & Cables'],
    stock: 80,
    emoji: 'plug',
    palette: 'slate',
  },
  {
    name: 'Apple 20W USB-C Power Adapter',
    description:
      'The genuine Apple 20 W USB-C charger for fast-charging iPhone and iPad. Original product with one year warranty in Nepal.',
    price: 3_499,
    path: ['Accessories', 'Chargers & Cables'],
    emoji: 'plug',
    accent: 'sparkles',
    palette: 'rose',
  },
  {
    name: 'Belkin BoostCharge Pro 3-in-1 MagSafe Stand',
    description:
      'Charges an iPhone at 15 W with official MagSafe, plus an Apple Watch and AirPods at the same time. Two years Belkin warranty through Pasal.',
    price: 18_999,
    path: ['Accessories', 'Chargers & Cables'],
    emoji: 'bolt',
    accent: 'phone',
    palette: 'violet',
  },

  // ---------------------------------------------------------------- Components
  {
    name: 'NVIDIA GeForce RTX 4090 (ASUS TUF Gaming OC 24 GB)',
    description:
      'The fastest consumer graphics card: 24 GB GDDR6X, DLSS 3 frame generation and a triple-fan TUF cooler. Three years ASUS warranty in Nepal; needs a 1000 W power supply.',
    price: 325_000,
    warranty: '3 years ASUS warranty',
    path: ['Components', 'Graphics Cards'],
    stock: 1,
    emoji: 'desktop',
    accent: 'bolt',
    palette: 'midnight',
  },
  {
    name: 'MSI GeForce RTX 4070 Super Ventus 2X 12 GB',
    description:
      'Excellent 1440p performance with 12 GB GDDR6X, DLSS 3 and a compact dual-fan design that fits most cases. Three years MSI warranty through the Nepal distributor.',
    price: 96_500,
    path: ['Components', 'Graphics Cards'],
    featured: true,
    emoji: 'desktop',
    accent: 'sparkles',
    palette: 'emerald',
  },
  {
    name: 'Gigabyte GeForce RTX 4060 Windforce OC 8 GB',
    description:
      'A power-efficient 1080p card (115 W) with 8 GB GDDR6 and DLSS 3, happy with a 550 W power supply. Three years Gigabyte warranty in Nepal.',
    price: 44_999,
    path: ['Components', 'Graphics Cards'],
    emoji: 'desktop',
    palette: 'ocean',
  },
  {
    name: 'AMD Ryzen 7 7800X3D',
    description:
      'Eight Zen 4 cores with 96 MB of 3D V-Cache, the gaming CPU of choice for AM5 boards. Three years AMD warranty through the Nepal distributor; cooler not included.',
    price: 62_000,
    path: ['Components', 'Processors'],
    emoji: 'brain',
    accent: 'bolt',
    palette: 'sunset',
  },
  {
    name: 'Intel Core i5-12400F',
    description:
      'Six Alder Lake performance cores up to 4.4 GHz on LGA1700, with a stock cooler in the box; needs a graphics card. Three years Intel warranty in Nepal.',
    price: 16_500,
    path: ['Components', 'Processors'],
    stock: 14,
    emoji: 'brain',
    palette: 'sky',
  },
  {
    name: 'AMD Ryzen 5 5600',
    description:
      'Six cores and twelve threads up to 4.4 GHz on AM4 with the Wraith Stealth cooler: the best value budget gaming CPU. Three years warranty in Nepal.',
    price: 14_200,
    path: ['Components', 'Processors'],
    emoji: 'brain',
    palette: 'crimson',
  },
  {
    name: 'Kingston FURY Beast 16 GB DDR4-3200',
    description:
      'A single 16 GB DDR4 module at 3200 MT/s CL16 with a low-profile heat spreader and Intel XMP. Lifetime limited warranty through the Kingston distributor in Nepal.',
    price: 4_300,
    path: ['Components', 'Memory & Storage', 'RAM'],
    stock: 22,
    emoji: 'floppy',
    palette: 'slate',
  },
  {
    name: 'Corsair Vengeance 32 GB (2×16 GB) DDR5-6000',
    description:
      'A dual-channel DDR5 kit at 6000 MT/s CL30 with Intel XMP 3.0 and AMD EXPO profiles. Lifetime limited warranty in Nepal.',
    price: 15_800,
    path: ['Components', 'Memory & Storage', 'RAM'],
    emoji: 'floppy',
    accent: 'bolt',
    palette: 'gold',
  },
  {
    name: 'Samsung 990 PRO 1 TB NVMe SSD',
    description:
      'A PCIe 4.0 M.2 SSD with up to 7450 MB/s reads, ideal for PS5 storage expansion or a fast Windows drive. Five years Samsung warranty in Nepal.',
    price: 17_500,
    path: ['Components', 'Memory & Storage', 'SSDs'],
    emoji: 'drive',
    accent: 'bolt',
    palette: 'violet',
  },
  {
    name: 'Kingston NV2 500 GB NVMe SSD',
    description:
      'An affordable PCIe 4.0 M.2 SSD with up to 3500 MB/s reads, a big upgrade over an old hard disk. Three years warranty; free installation at our New Road store.',
    price: 4_600,
    path: ['Components', 'Memory & Storage', 'SSDs'],
    emoji: 'drive',
    palette: 'teal',
  },
  {
    name: 'WD Blue SN580 1 TB NVMe SSD',
    description:
      'PCIe 4.0 speeds up to 4150 MB/s without a heatsink, for laptops and desktops alike. Five years WD warranty through the Nepal distributor.',
    price: 8_900,
    path: ['Components', 'Memory & Storage', 'SSDs'],
    emoji: 'drive',
    palette: 'ocean',
  },
];

/** The price filter's ranges in rupees (inclusive bounds), for checks and for spreading synthesized prices. */
export const PRICE_RANGES: readonly [number, number][] = [
  [0, 5_000],
  [5_000, 10_000],
  [10_000, 20_000],
  [20_000, 50_000],
  [50_000, 100_000],
];

/** Words the bulk seeder combines into product name variants. */
export const VARIANT_WORDS = {
  colours: ['Black', 'White', 'Silver', 'Midnight Blue', 'Crimson Red', 'Forest Green', 'Space Grey', 'Rose Gold', 'Lavender'],
  capacities: ['64 GB', '128 GB', '256 GB', '512 GB', '1 TB', '2 TB'],
  editions: ['2024 Edition', '2025 Edition', 'Pro', 'Lite', 'Plus', 'Max', 'SE', 'Gen 2', 'Gen 3', 'Bundle'],
} as const;
