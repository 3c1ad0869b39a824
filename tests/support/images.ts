// Real pictures for tests of uploads (sharp draws them), and broken ones that only look like pictures.
import { crc32, deflateSync } from "node:zlib";
import sharp from "sharp";

/** A PNG of the given size: a gradient, so that it is a picture rather than one flat colour. */
/** Bytes a Blob takes (an ArrayBuffer, not a shared one). */
type Bytes = Uint8Array<ArrayBuffer>;
const bytes = (buffer: Buffer): Bytes => Uint8Array.from(buffer);

export async function pngImage(width = 64, height = 48): Promise<Bytes> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      pixels[i] = (x * 255) / width;
      pixels[i + 1] = (y * 255) / height;
      pixels[i + 2] = 128;
    }
  }
  return new Uint8Array(
    await sharp(pixels, { raw: { width, height, channels: 3 } })
      .png()
      .toBuffer(),
  );
}

/** A JPEG carrying EXIF metadata (a camera's make and model). */
export async function jpegWithExif(width = 400, height = 300): Promise<Bytes> {
  const png = await pngImage(width, height);
  return bytes(
    await sharp(png)
      .jpeg()
      .withExif({ IFD0: { Make: "AcmeCam", Model: "Secret Model 9" } })
      .toBuffer(),
  );
}

/** Only the start of a real picture: its header is right, its pixels are missing. */
export async function truncatedPng(): Promise<Bytes> {
  const png = await pngImage(200, 200);
  return png.subarray(0, Math.floor(png.length / 2));
}

/** A PNG whose header claims a width × height canvas (a "decompression bomb" in a few bytes). */
export function pngClaiming(width: number, height: number): Bytes {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const out = Buffer.alloc(8 + data.length + 4);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), 8 + data.length);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  // one row of pixels: enough for a decoder to accept the header, nowhere near the claimed canvas
  const firstRow = chunk("IDAT", deflateSync(Buffer.alloc(1 + width * 3)));
  return bytes(Buffer.concat([signature, chunk("IHDR", ihdr), firstRow, chunk("IEND", Buffer.alloc(0))]));
}

/**
 * A photo-like JPEG: gradients, waves and grain (a seeded pseudo-random noise, the same every run),
 * so that it costs what a photo costs: 2400×1600 is about 1.9 MB, as a phone's photo is megabytes.
 */
export async function photoJpeg(width = 2400, height = 1600): Promise<Bytes> {
  const pixels = Buffer.alloc(width * height * 3);
  let seed = 42;
  const random = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
  const clamp = (v: number) => Math.max(0, Math.min(255, v));
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const grain = (random() - 0.5) * 60;
      const wave = 40 * Math.sin(x / 37) * Math.cos(y / 53);
      pixels[i] = clamp((x * 255) / width + grain + wave);
      pixels[i + 1] = clamp((y * 255) / height + grain);
      pixels[i + 2] = clamp(128 + wave + grain);
    }
  }
  return bytes(
    await sharp(pixels, { raw: { width, height, channels: 3 } })
      .jpeg({ quality: 92 })
      .toBuffer(),
  );
}
