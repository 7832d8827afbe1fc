/**
 * Word lists for fictional company and people names. Brand names are built from syllables so they
 * read like companies without being any real company.
 */

export const BRAND_STARTS = [
  'Al', 'Bel', 'Cor', 'Dal', 'Ev', 'Fen', 'Gal', 'Hal', 'Ith', 'Jor', 'Kel', 'Lum', 'Mar', 'Nor',
  'Or', 'Pel', 'Quin', 'Ros', 'Sol', 'Tal', 'Ul', 'Ver', 'Wes', 'Xan', 'Yar', 'Zen', 'Arc', 'Bry',
  'Cal', 'Dra', 'El', 'Fal', 'Gren', 'Hel', 'Kor', 'Lys', 'Mel', 'Nev', 'Oph', 'Pra', 'Ryn', 'Sev',
  'Tor', 'Val', 'Wyn', 'Ast', 'Bram', 'Cyr', 'Dun', 'Eld', 'Fyr', 'Har', 'Ivo', 'Kal', 'Lor', 'Myr',
] as const;

export const BRAND_MIDDLES = ['', '', '', 'a', 'e', 'i', 'o', 'an', 'en', 'ar', 'or', 'el', 'is'] as const;

export const BRAND_ENDS = [
  'ora', 'ex', 'ion', 'ant', 'ia', 'ent', 'yx', 'ane', 'os', 'ica', 'eon', 'ara', 'ix', 'ium', 'era',
  'on', 'us', 'ite', 'ova', 'ance', 'is', 'ea', 'ard', 'ell', 'ton', 'vale', 'mont', 'wick', 'ford',
] as const;

export interface Industry {
  name: string;
  /** Words that follow the brand in the company's name. */
  nameWords: readonly string[];
  /** Business areas for segment reporting. */
  segments: readonly string[];
  /** What the company sells, for press-release prose. */
  offering: string;
}

export const INDUSTRIES: readonly Industry[] = [
  { name: 'Software', nameWords: ['Software', 'Systems', 'Technologies', 'Labs'], offering: 'enterprise software',
    segments: ['Cloud Subscriptions', 'Software Licenses', 'Maintenance & Support', 'Professional Services'] },
  { name: 'Semiconductors', nameWords: ['Semiconductor', 'Microsystems', 'Devices'], offering: 'chips and sensors',
    segments: ['Data Center', 'Automotive', 'Industrial', 'Consumer Devices'] },
  { name: 'Biotechnology', nameWords: ['Therapeutics', 'Biosciences', 'Pharma', 'Biologics'], offering: 'medicines',
    segments: ['Oncology', 'Immunology', 'Rare Diseases', 'Royalties & Collaborations'] },
  { name: 'Medical Devices', nameWords: ['Medical', 'Health', 'Diagnostics'], offering: 'medical devices',
    segments: ['Surgical', 'Diagnostics', 'Patient Monitoring', 'Services'] },
  { name: 'Banking', nameWords: ['Bank', 'Financial', 'Bancorp', 'Capital'], offering: 'banking services',
    segments: ['Retail Banking', 'Corporate Banking', 'Wealth Management', 'Treasury & Markets'] },
  { name: 'Insurance', nameWords: ['Insurance', 'Assurance', 'Re'], offering: 'insurance',
    segments: ['Property & Casualty', 'Life & Health', 'Reinsurance', 'Asset Management'] },
  { name: 'Industrials', nameWords: ['Industries', 'Engineering', 'Machinery', 'Works'], offering: 'industrial equipment',
    segments: ['Motion Control', 'Process Automation', 'Building Technologies', 'Aftermarket Services'] },
  { name: 'Energy', nameWords: ['Energy', 'Power', 'Renewables', 'Resources'], offering: 'energy',
    segments: ['Upstream', 'Renewable Generation', 'Grid & Networks', 'Trading'] },
  { name: 'Retail', nameWords: ['Retail', 'Stores', 'Brands', 'Commerce'], offering: 'consumer goods',
    segments: ['Stores', 'E-commerce', 'Wholesale', 'Licensing'] },
  { name: 'Logistics', nameWords: ['Logistics', 'Freight', 'Transport', 'Shipping'], offering: 'logistics services',
    segments: ['Road Freight', 'Air & Ocean', 'Contract Logistics', 'Parcel'] },
  { name: 'Telecommunications', nameWords: ['Telecom', 'Networks', 'Communications'], offering: 'connectivity',
    segments: ['Mobile', 'Fixed Broadband', 'Enterprise', 'Wholesale'] },
  { name: 'Materials', nameWords: ['Materials', 'Chemicals', 'Minerals', 'Metals'], offering: 'specialty materials',
    segments: ['Specialty Chemicals', 'Performance Materials', 'Coatings', 'Mining'] },
  { name: 'Consumer Staples', nameWords: ['Foods', 'Beverages', 'Consumer'], offering: 'food and household products',
    segments: ['Snacks', 'Beverages', 'Home Care', 'Personal Care'] },
  { name: 'Media', nameWords: ['Media', 'Entertainment', 'Studios', 'Interactive'], offering: 'media and games',
    segments: ['Streaming', 'Advertising', 'Games', 'Live Events'] },
  { name: 'Real Estate', nameWords: ['Properties', 'Realty', 'Estates'], offering: 'property',
    segments: ['Office', 'Residential', 'Logistics Parks', 'Retail Parks'] },
] as const;

/** Regions for the geographic split of revenue. */
export const REGIONS = ['Americas', 'Europe', 'Middle East & Africa', 'Asia Pacific'] as const;

export const FIRST_NAMES = [
  'Alex', 'Amara', 'Anders', 'Beatriz', 'Camille', 'Chen', 'Daniel', 'Dana', 'Elena', 'Emeka', 'Farah',
  'Felix', 'Greta', 'Hana', 'Henrik', 'Ines', 'Isaac', 'Jonas', 'Julia', 'Kenji', 'Laila', 'Lars',
  'Leona', 'Marcus', 'Maya', 'Mei', 'Nadia', 'Niall', 'Noor', 'Olivia', 'Oskar', 'Paolo', 'Petra',
  'Rafael', 'Ravi', 'Rosa', 'Samir', 'Sofia', 'Tariq', 'Teresa', 'Tomas', 'Uma', 'Victor', 'Wen',
  'Yara', 'Yusuf', 'Zofia', 'Harriet', 'Graham', 'Ingrid',
] as const;

export const LAST_NAMES = [
  'Abara', 'Bergstrom', 'Calloway', 'Delacroix', 'Eriksen', 'Fairbanks', 'Galvez', 'Hartmann',
  'Ishikawa', 'Jovanovic', 'Kowalczyk', 'Lindqvist', 'Marchetti', 'Nakamura', 'Okafor', 'Pemberton',
  'Quintero', 'Rasmussen', 'Sandoval', 'Thornbury', 'Underhill', 'Valcourt', 'Whitcombe', 'Xiong',
  'Yilmaz', 'Zimmerli', 'Ashdown', 'Brennagh', 'Castellan', 'Drummond', 'Esterhazy', 'Farrow',
  'Greaves', 'Holloway', 'Iversen', 'Kaplan', 'Lachance', 'Moreau', 'Navarro', 'Oyelaran',
] as const;
