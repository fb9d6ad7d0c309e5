// @hostdash/storage/testing: test code only (never imported by product code; a lint rule says so).
export {
  startFakeS3,
  type FakeObject,
  type FakeRequest,
  type FakeS3,
  type FakeS3Options,
} from './fakeS3';
