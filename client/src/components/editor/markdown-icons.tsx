// Icons of the Markdown source editor's toolbar, in the app's icon frame (components/icons.tsx).
import { type IconProps, OutlineIcon } from "../icons";
import { LinkIcon } from "../paste-icons";

function BoldIcon(props: IconProps) {
  return (
    <OutlineIcon strokeWidth={2} {...props}>
      <path d="M7 5h5.5a3.5 3.5 0 0 1 0 7H7zM7 12h6.5a3.5 3.5 0 0 1 0 7H7z" />
    </OutlineIcon>
  );
}

function ItalicIcon(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <path d="M10 5h8M6 19h8M14.5 5l-5 14" />
    </OutlineIcon>
  );
}

function StrikethroughIcon(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <path d="M4 12h16" />
      <path d="M16.5 7.5C16 5.9 14.4 5 12 5 9.2 5 7.5 6.3 7.5 8.3c0 1.3.7 2.2 2 2.8M8 16.3c.6 1.7 2.1 2.7 4.4 2.7 2.6 0 4.3-1.3 4.3-3.2 0-.6-.1-1.1-.4-1.5" />
    </OutlineIcon>
  );
}

function CodeIcon(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <path d="m8 7.5-4.5 4.5L8 16.5M16 7.5l4.5 4.5-4.5 4.5" />
    </OutlineIcon>
  );
}

function HeadingIcon(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <path d="M6 5v14M17 5v14M6 12h11" />
    </OutlineIcon>
  );
}

function BulletListIcon(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <path d="M9.5 6.5H20M9.5 12H20M9.5 17.5H20" />
      <circle cx="4.75" cy="6.5" r="1" fill="currentColor" />
      <circle cx="4.75" cy="12" r="1" fill="currentColor" />
      <circle cx="4.75" cy="17.5" r="1" fill="currentColor" />
    </OutlineIcon>
  );
}

function OrderedListIcon(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <path d="M10 6.5h10M10 12h10M10 17.5h10" />
      <path d="M4 5l1.5-1v5M3.5 14.5c.3-.6.9-1 1.6-1 .9 0 1.5.6 1.5 1.3 0 1.2-3.1 2.2-3.1 3.7h3.2" />
    </OutlineIcon>
  );
}

function TaskListIcon(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <rect x="3.5" y="4.5" width="5" height="5" rx="1" />
      <path d="m4.7 7.1 1.1 1.1 1.8-2.2M11.5 7H20M11.5 17H20" />
      <rect x="3.5" y="14.5" width="5" height="5" rx="1" />
    </OutlineIcon>
  );
}

function QuoteIcon(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <path d="M5 5v14M9.5 8H19M9.5 12H19M9.5 16h6" />
    </OutlineIcon>
  );
}

function CodeBlockIcon(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <rect x="3.5" y="4.5" width="17" height="15" rx="2" />
      <path d="m10 10-2 2 2 2M14 10l2 2-2 2" />
    </OutlineIcon>
  );
}

function TableIcon(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <rect x="3.5" y="4.5" width="17" height="15" rx="2" />
      <path d="M3.5 9.5h17M3.5 14.5h17M10 9.5v10" />
    </OutlineIcon>
  );
}

function DividerIcon(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <path d="M3.5 12h17" />
      <path d="M6 7h12M6 17h12" strokeOpacity={0.4} />
    </OutlineIcon>
  );
}

export const MARKDOWN_ACTION_ICONS = {
  bold: BoldIcon,
  italic: ItalicIcon,
  strikethrough: StrikethroughIcon,
  code: CodeIcon,
  link: LinkIcon,
  heading: HeadingIcon,
  bulletList: BulletListIcon,
  orderedList: OrderedListIcon,
  taskList: TaskListIcon,
  quote: QuoteIcon,
  codeBlock: CodeBlockIcon,
  table: TableIcon,
  divider: DividerIcon,
} as const;
