// Icons used by text sharing, drawn like icons.tsx (24px grid, 1.5px strokes, decorative).
import { type IconProps, OutlineIcon } from "./icons";

export function LinkIcon(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <path d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1.2 1.2" />
      <path d="M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1.2-1.2" />
    </OutlineIcon>
  );
}

export function ExternalLinkIcon(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <path d="M13.5 4.5h6v6M19.5 4.5 11 13" />
      <path d="M17.5 13.5v4.5a1.5 1.5 0 0 1-1.5 1.5H6A1.5 1.5 0 0 1 4.5 18V8A1.5 1.5 0 0 1 6 6.5h4.5" />
    </OutlineIcon>
  );
}

export function SearchIcon(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <circle cx="10.5" cy="10.5" r="6" />
      <path d="m15 15 4.5 4.5" />
    </OutlineIcon>
  );
}

export function ClockIcon(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <circle cx="12" cy="12" r="8.5" />
      <path d="M12 7.5V12l3 2" />
    </OutlineIcon>
  );
}

export function ImportIcon(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <path d="M14 3.5H7A1.5 1.5 0 0 0 5.5 5v14A1.5 1.5 0 0 0 7 20.5h10a1.5 1.5 0 0 0 1.5-1.5V8Z" />
      <path d="M14 3.5V8h4.5M12 11v6M9.5 14.5 12 17l2.5-2.5" />
    </OutlineIcon>
  );
}

export function MarkdownIcon(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <rect x="2.5" y="5.5" width="19" height="13" rx="2" />
      <path d="M6 15V9l2.5 3L11 9v6M15.5 9v6M13.5 13l2 2 2-2" />
    </OutlineIcon>
  );
}

export function TextIcon(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <path d="M4.5 6.5h15M4.5 11h15M4.5 15.5h15M4.5 20h9" />
    </OutlineIcon>
  );
}

export function QrIcon(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <rect x="4" y="4" width="6" height="6" rx="1" />
      <rect x="14" y="4" width="6" height="6" rx="1" />
      <rect x="4" y="14" width="6" height="6" rx="1" />
      <path d="M14 14h2v2h-2zM18 18h2v2h-2zM14 18h2M18 14h2" />
    </OutlineIcon>
  );
}

export function ChevronLeftIcon(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <path d="m14.5 6-6 6 6 6" />
    </OutlineIcon>
  );
}

export function ChevronRightIcon(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <path d="m9.5 6 6 6-6 6" />
    </OutlineIcon>
  );
}

export function BroomIcon(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <path d="M19.5 4.5 12 12" />
      <path d="M11 11.5c-2.5-.5-5 1-6.5 4l-1 3.5 3.5-1 .5-1.5.5 2 3-1.5c2-1.5 2.5-3.5 2-5.5Z" />
    </OutlineIcon>
  );
}

export function HourglassIcon(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <path d="M6.5 3.5h11M6.5 20.5h11" />
      <path d="M7.5 3.5c0 4 4.5 5.5 4.5 8.5s-4.5 4.5-4.5 8.5M16.5 3.5c0 4-4.5 5.5-4.5 8.5s4.5 4.5 4.5 8.5" />
    </OutlineIcon>
  );
}

export function EyeOffIcon(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <path d="M3.5 3.5l17 17M10 5.7A9.8 9.8 0 0 1 12 5.5c5 0 8.5 4.5 9.5 6.5a13 13 0 0 1-2.6 3.4M6.3 7.3C4.3 8.7 3 10.7 2.5 12c1 2 4.5 6.5 9.5 6.5a9.5 9.5 0 0 0 4.2-1" />
      <path d="M9.9 9.9a3 3 0 0 0 4.2 4.2" />
    </OutlineIcon>
  );
}
