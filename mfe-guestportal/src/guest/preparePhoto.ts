// A phone's photo before it is sent: decoded by the browser and re-encoded as a JPEG of at most
// 2000 px on its longer side. That turns a HEIC photo into one the API can read wherever the
// browser can decode it (Safari), and sends a few hundred KB over a guest's mobile data instead of
// several MB. Where the browser cannot decode the file, the original goes as it is, and the API
// says what it is (415, in words the guest reads).

/** The API keeps at most this many pixels on the longer side: more would only cost bandwidth. */
export const MAX_PHOTO_SIDE = 2000;
const JPEG_QUALITY = 0.85;

export interface PreparedPhoto {
  /** What is sent. */
  photo: Blob;
  /** Re-encoded here (false: the original, the browser could not decode it). */
  converted: boolean;
}

function toJpeg(canvas: HTMLCanvasElement): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', JPEG_QUALITY));
}

export async function preparePhoto(file: File): Promise<PreparedPhoto> {
  if (typeof createImageBitmap !== 'function') return { photo: file, converted: false };
  let bitmap: ImageBitmap;
  try {
    // The browser applies the photo's EXIF orientation while decoding (the default 'from-image').
    bitmap = await createImageBitmap(file);
  } catch {
    return { photo: file, converted: false };
  }
  try {
    const scale = Math.min(1, MAX_PHOTO_SIDE / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(bitmap.width * scale));
    canvas.height = Math.max(1, Math.round(bitmap.height * scale));
    const context = canvas.getContext('2d');
    if (!context) return { photo: file, converted: false };
    context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    const jpeg = await toJpeg(canvas);
    return jpeg ? { photo: jpeg, converted: true } : { photo: file, converted: false };
  } finally {
    bitmap.close();
  }
}
