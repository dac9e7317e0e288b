// Icons only the explorer uses (the basket, the task list, a folder upload, copy to), drawn like
// components/icons.tsx: 24px grid, 1.5px strokes, decorative.
import { type IconProps, OutlineIcon } from "../../components/icons";

export function BasketIcon(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <path d="M3.5 9.5h17l-1.6 9.1a1.5 1.5 0 0 1-1.5 1.2H6.6a1.5 1.5 0 0 1-1.5-1.2L3.5 9.5Z" />
      <path d="m8 9.5 3-5.5M16 9.5l-3-5.5" />
      <path d="M9.5 13v3.5M14.5 13v3.5" />
    </OutlineIcon>
  );
}

export function TasksIcon(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <path d="M9.5 6.5h10M9.5 12h10M9.5 17.5h10" />
      <path d="m4 6.5 1.2 1.2L7 5.5M4 12l1.2 1.2L7 11M4.5 17.5h2" />
    </OutlineIcon>
  );
}

export function FolderUploadIcon(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <path d="M3.5 7.5V18a1.5 1.5 0 0 0 1.5 1.5h14a1.5 1.5 0 0 0 1.5-1.5V9a1.5 1.5 0 0 0-1.5-1.5h-7L10 5H5a1.5 1.5 0 0 0-1.5 1.5v1" />
      <path d="M12 16.5v-5.5M9.5 13.5 12 11l2.5 2.5" />
    </OutlineIcon>
  );
}

export function CopyToIcon(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <path d="M8.5 8.5V5.5A1.5 1.5 0 0 1 10 4h8.5A1.5 1.5 0 0 1 20 5.5V14a1.5 1.5 0 0 1-1.5 1.5h-3" />
      <rect x="4" y="8.5" width="11.5" height="11.5" rx="1.5" />
      <path d="M8 14.25h4.5M10.5 12l2.25 2.25-2.25 2.25" />
    </OutlineIcon>
  );
}

/** "More": a row's menu of actions. */
export function MoreIcon(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <path d="M6 12h.01M12 12h.01M18 12h.01" strokeWidth={2.5} />
    </OutlineIcon>
  );
}
