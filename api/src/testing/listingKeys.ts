// The fields of a Listing as every listing answer gives them, sorted: the API's tests compare an
// answer's keys with this, so a field added or dropped shows in one place.
export const LISTING_KEYS = [
  'id',
  'account_id',
  'nickname',
  'address',
  'city',
  'country',
  'building_id',
  'building',
  'building_slug',
  'status',
  'pms',
  'timezone',
  'bedrooms',
  'check_in_time',
  'check_out_time',
  'guest_language',
  'custom_fields',
  'version',
  'created_at',
  'updated_at',
].sort();
