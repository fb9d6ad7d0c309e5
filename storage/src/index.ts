// @hostdash/storage: where Hostdash keeps files (docs/adr/0021-object-storage.md).
export {
  checkKey,
  checkPrefix,
  InvalidKeyError,
  MAX_KEY_BYTES,
  type ObjectInfo,
  type ObjectStorage,
  type PutOptions,
  type StoredObject,
} from './objectStorage';
export { FolderStorage } from './folderStorage';
export { S3Storage, type S3Settings, type S3StorageOptions } from './s3Storage';
export {
  openStorage,
  s3SettingsFromEnv,
  StorageConfigError,
  storageFromEnv,
  storageSettingsFromEnv,
  type StorageSettings,
} from './fromEnv';
