/** The bounds Read scales an image down to: any of width, height and token estimate. */
export interface ImageFit {
  readonly maxWidth?: number | undefined;
  readonly maxHeight?: number | undefined;
  readonly maxTokens?: number | undefined;
}

/** Pixels per token of the common image-token estimate. */
const PIXELS_PER_TOKEN = 750;

/** The common image-token estimate: one token per 750 pixels, rounded up. */
export function imageTokens(width: number, height: number): number {
  return Math.ceil((width * height) / PIXELS_PER_TOKEN);
}

/** Whether any bound is set. */
export function hasFit(fit: ImageFit | undefined): fit is ImageFit {
  return (
    fit !== undefined &&
    (fit.maxWidth !== undefined || fit.maxHeight !== undefined || fit.maxTokens !== undefined)
  );
}

/** The bounds as the model wrote them, e.g. `max_width=800, max_tokens=500`. */
export function describeFit(fit: ImageFit): string {
  const parts: string[] = [];
  if (fit.maxWidth !== undefined) parts.push(`max_width=${fit.maxWidth}`);
  if (fit.maxHeight !== undefined) parts.push(`max_height=${fit.maxHeight}`);
  if (fit.maxTokens !== undefined) parts.push(`max_tokens=${fit.maxTokens}`);
  return parts.join(', ');
}

/**
 * The size an image of `width`x`height` is scaled down to so it fits every bound, keeping its
 * aspect ratio as far as whole pixels allow; `undefined` when it already fits (images are
 * never scaled up). Bounds are positive integers.
 */
export function fitDimensions(
  width: number,
  height: number,
  fit: ImageFit,
): { readonly width: number; readonly height: number } | undefined {
  let scale = 1;
  if (fit.maxWidth !== undefined && width > fit.maxWidth) scale = fit.maxWidth / width;
  if (fit.maxHeight !== undefined && height > fit.maxHeight) {
    scale = Math.min(scale, fit.maxHeight / height);
  }
  const budget = fit.maxTokens === undefined ? undefined : fit.maxTokens * PIXELS_PER_TOKEN;
  if (budget !== undefined && width * height > budget) {
    scale = Math.min(scale, Math.sqrt(budget / (width * height)));
  }
  if (scale >= 1) return undefined;
  // The epsilon keeps an exact bound (800 / 1600 * 1600) from flooring one pixel short.
  const side = (length: number, bound: number | undefined): number =>
    Math.max(1, Math.min(length, bound ?? length, Math.floor(length * scale + 1e-9)));
  let scaledWidth = side(width, fit.maxWidth);
  let scaledHeight = side(height, fit.maxHeight);
  if (budget !== undefined && scaledWidth * scaledHeight > budget) {
    // Only a side clamped to one pixel can overshoot; trim the other to the budget.
    if (scaledWidth >= scaledHeight) {
      scaledWidth = Math.max(1, Math.floor(budget / scaledHeight));
    } else {
      scaledHeight = Math.max(1, Math.floor(budget / scaledWidth));
    }
  }
  return { width: scaledWidth, height: scaledHeight };
}
