// Stand-in for react-responsive-carousel, which Glide Data Grid imports for its image-cell
// overlay. Gridbook has no image cells, so the overlay never opens; this renders the slides
// one after another should it ever be reached.
import type { ReactNode } from 'react';

export function Carousel(props: { readonly children?: ReactNode }): ReactNode {
  return <div className="carousel-fallback">{props.children}</div>;
}
