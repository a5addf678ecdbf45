// Each peer's colour (RT-02): taken from a hash of who it is, so the same collaborator has the
// same colour in every page and on every visit, without anyone choosing it.

/** FNV-1a: a few operations per character, and neighbouring names land far apart. */
function hash(text: string): number {
  let value = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    value ^= text.charCodeAt(index);
    value = Math.imul(value, 0x01000193);
  }
  return value >>> 0;
}

export interface PeerColour {
  /** The border and the label's background. */
  readonly line: string;
  /** The faint fill over the selected cells. */
  readonly tint: string;
}

/**
 * A hue from the hash, at one saturation and lightness dark enough for white label text; the
 * blue of the page's own selection (hues near 215) is left to it.
 */
export function peerColour(identity: string): PeerColour {
  const turn = hash(identity) % 300;
  const hue = turn < 185 ? turn : turn + 60;
  return { line: `hsl(${hue} 70% 40%)`, tint: `hsl(${hue} 70% 40% / 0.12)` };
}
