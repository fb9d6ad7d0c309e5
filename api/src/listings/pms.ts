// The property-management systems hosts import from (spec section 7, /channel/{pms}/onboardUser).
export const PMS_NAMES = [
  'guesty',
  'rentalsunited',
  'hostaway',
  'cloudbeds',
  'apaleo',
  'myvr',
  'beds24',
  'smartbnb',
  'hostfully',
  'impala',
  'opera',
  'streamline',
  'trackhs',
  'escapia',
  'stayntouch',
  'lavanda',
  'inforhms',
  'booking',
] as const;

export type Pms = (typeof PMS_NAMES)[number];
