// Icons of the offline app, drawn like components/icons.tsx (24px grid, 1.5px strokes, decorative).
import { type IconProps, OutlineIcon } from "../components/icons";

/** A cloud struck through: no connection. */
export function CloudOffIcon(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <path d="M8.5 6.6A5.5 5.5 0 0 1 17.3 10h.2a4 4 0 0 1 2.6 7" />
      <path d="M17 19H6.5a4.5 4.5 0 0 1-1.3-8.8" />
      <path d="m3 3 18 18" />
    </OutlineIcon>
  );
}
