// A guest's photo, from the bytes their phone sent to what is kept: JPEG or PNG only (told by the
// content, never by the name or the type claimed), turned upright, at most 2000 px, re-encoded as
// JPEG, and without any metadata (EXIF, GPS, camera). sharp writes no metadata unless asked to
// (`keepMetadata`/`withMetadata`), so re-encoding is what strips it.
import sharp from 'sharp';
import { ApiError } from '../http/errors';
import type { NewBlob } from '../images/identityImages';
import { MAX_IMAGE_BYTES } from './guestSchemas';

/** The longest side kept: enough to read an ID, small enough to send to a host's phone. */
export const MAX_IMAGE_SIDE = 2000;
/** A photo of more pixels than this is refused before it is decoded (a decompression bomb). */
const MAX_INPUT_PIXELS = 100_000_000;
const JPEG_QUALITY = 85;

export const imageTooLarge = (): ApiError =>
  new ApiError(
    413,
    'image_too_large',
    `This photo is too large: choose one under ${MAX_IMAGE_BYTES / 1024 / 1024} MB.`,
  );
const typeUnsupported = (): ApiError =>
  new ApiError(415, 'image_type_unsupported', 'Choose a JPEG or PNG photo.');
const heicUnsupported = (): ApiError =>
  new ApiError(
    415,
    'image_heic_unsupported',
    'This photo is in HEIC format, which we cannot read. Choose a JPEG or PNG photo, or set your iPhone camera to “Most Compatible” (Settings › Camera › Formats) and take it again.',
  );

const JPEG_MAGIC = Buffer.from([0xff, 0xd8, 0xff]);
const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** ISO-BMFF brands of HEIF/HEIC photos (`ftyp` box at byte 4). */
const HEIF_BRANDS = new Set([
  'heic',
  'heix',
  'hevc',
  'hevx',
  'heim',
  'heis',
  'mif1',
  'msf1',
  'avif',
]);

type PhotoFormat = 'jpeg' | 'png' | 'heif' | null;

/** What the first bytes say the content is. */
function formatOf(bytes: Buffer): PhotoFormat {
  if (bytes.subarray(0, 3).equals(JPEG_MAGIC)) return 'jpeg';
  if (bytes.subarray(0, 8).equals(PNG_MAGIC)) return 'png';
  if (bytes.toString('latin1', 4, 8) === 'ftyp' && HEIF_BRANDS.has(bytes.toString('latin1', 8, 12)))
    return 'heif';
  return null;
}

/**
 * The photo as it is kept, or 415: not a JPEG or PNG by its first bytes, or one sharp cannot read
 * as the format those bytes claim (a PDF renamed .jpg, a truncated file). HEIC gets its own 415:
 * the guest can do something about it.
 */
export async function preparePhoto(bytes: Buffer): Promise<NewBlob> {
  if (bytes.length > MAX_IMAGE_BYTES) throw imageTooLarge();
  const format = formatOf(bytes);
  if (format === 'heif') throw heicUnsupported();
  if (format === null) throw typeUnsupported();
  try {
    const input = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
    const metadata = await input.metadata();
    if (metadata.format !== format) throw typeUnsupported();
    const { data, info } = await input
      .rotate() // upright, by the EXIF orientation (which then goes with the rest)
      .resize({
        width: MAX_IMAGE_SIDE,
        height: MAX_IMAGE_SIDE,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .flatten({ background: '#ffffff' }) // a PNG's transparency, on white
      .jpeg({ quality: JPEG_QUALITY })
      .toBuffer({ resolveWithObject: true });
    return { content_type: 'image/jpeg', bytes: data, width: info.width, height: info.height };
  } catch (error) {
    if (error instanceof ApiError) throw error;
    // sharp could not decode it: not the photo its first bytes claim.
    throw typeUnsupported();
  }
}
