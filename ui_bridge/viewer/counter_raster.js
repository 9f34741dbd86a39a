// A counter row's step chart drawn as one image: its rects (counterSteps in
// track_painter.js) are written into a pixel buffer and the row is one
// drawImage. A dense counter is a few rects per pixel column, thousands per
// row, and each canvas fillRect costs more than filling its pixels here.

// The rects of |steps| ({areas, lines}: flat [x, y, w, h] lists, canvas
// units, |top| the row's top) filled into |pixels| (a width x height RGBA
// buffer at |scale| device pixels per unit, cleared first): areas in |rgb|
// at a quarter alpha, lines over them opaque.
export function rasterizeSteps(steps, pixels, width, height, top, scale, rgb) {
  const px = new Uint32Array(pixels.buffer, pixels.byteOffset, width * height);
  px.fill(0);
  const [r, g, b] = rgb;
  // Little-endian RGBA (every browser engine's byte order).
  const color = (alpha) => ((alpha << 24) | (b << 16) | (g << 8) | r) >>> 0;
  const fill = (list, value) => {
    for (let i = 0; i < list.length; i += 4) {
      const x0 = Math.max(0, Math.round(list[i] * scale));
      const x1 = Math.min(width, Math.round((list[i] + list[i + 2]) * scale));
      const y0 = Math.max(0, Math.round((list[i + 1] - top) * scale));
      const y1 = Math.min(height, Math.round((list[i + 1] + list[i + 3] - top) * scale));
      for (let y = y0; y < y1; y++) {
        // A plain loop: most rects are a pixel wide, where fill()'s call costs.
        for (let o = y * width + x0, end = y * width + x1; o < end; o++) px[o] = value;
      }
    }
  };
  fill(steps.areas, color(64));
  fill(steps.lines, color(255));
}

// [r, g, b] of a CSS 'hsl(H S% L%)' colour (colorForName's form).
export function hslToRgb(css) {
  const m = /hsl\((\d+(?:\.\d+)?) (\d+(?:\.\d+)?)% (\d+(?:\.\d+)?)%\)/.exec(css);
  if (!m) return [128, 128, 128];
  const h = Number(m[1]) / 360, s = Number(m[2]) / 100, l = Number(m[3]) / 100;
  const q = l < 0.5 ? l * (1 + s) : l + s - l * s;
  const p = 2 * l - q;
  const channel = (t) => {
    t = (t + 1) % 1;
    const v = t < 1 / 6 ? p + (q - p) * 6 * t : t < 1 / 2 ? q
        : t < 2 / 3 ? p + (q - p) * (2 / 3 - t) * 6 : p;
    return Math.round(v * 255);
  };
  return [channel(h + 1 / 3), channel(h), channel(h - 1 / 3)];
}

// Draws |steps| on |ctx| as one image (rows |top|..|top + rowHeight| of
// |width|). Returns false where there is no OffscreenCanvas (Node).
export function drawStepsImage(ctx, steps, width, top, rowHeight, rgb) {
  if (typeof OffscreenCanvas === 'undefined') return false;
  const scale = ctx.getTransform().a || 1;
  const w = Math.max(1, Math.ceil(width * scale));
  const h = Math.max(1, Math.ceil(rowHeight * scale));
  const s = scratch(w, h);
  rasterizeSteps(steps, s.image.data, w, h, top, scale, rgb);
  s.ctx.putImageData(s.image, 0, 0);
  ctx.drawImage(s.canvas, 0, 0, w, h, 0, top, w / scale, h / scale);
  return true;
}

let scratchCanvas = null;

// A reused canvas and ImageData of w x h device pixels.
function scratch(w, h) {
  if (!scratchCanvas || scratchCanvas.image.width !== w || scratchCanvas.image.height !== h) {
    const canvas = new OffscreenCanvas(w, h);
    const ctx = canvas.getContext('2d');
    scratchCanvas = {canvas, ctx, image: ctx.createImageData(w, h)};
  }
  return scratchCanvas;
}
