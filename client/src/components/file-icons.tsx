// Icons used by file sharing, drawn like icons.tsx (24px grid, 1.5px strokes, decorative), and the
// file-type icon shown beside a file's name wherever files are listed.
import type { ReactNode } from "react";
import { type FileKind, fileKindOf } from "../lib/files/file-kind";
import { cx } from "./class-names";
import { type IconProps, OutlineIcon } from "./icons";

const PAGE = "M14 3.5H7A1.5 1.5 0 0 0 5.5 5v14A1.5 1.5 0 0 0 7 20.5h10a1.5 1.5 0 0 0 1.5-1.5V8Z";
const FOLD = "M14 3.5V8h4.5";

export function FileIcon(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <path d={PAGE} />
      <path d={FOLD} />
    </OutlineIcon>
  );
}

export function ImageFileIcon(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <rect x="3.5" y="4.5" width="17" height="15" rx="2" />
      <circle cx="9" cy="9.5" r="1.75" />
      <path d="m20.5 15.5-4.5-4.5-8.5 8.5" />
    </OutlineIcon>
  );
}

export function VideoFileIcon(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <rect x="3" y="5.5" width="13" height="13" rx="2" />
      <path d="m16 10.5 5-3v9l-5-3" />
    </OutlineIcon>
  );
}

export function AudioFileIcon(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <path d="M9 17.5V6l10-2v11.5" />
      <circle cx="6.75" cy="17.5" r="2.25" />
      <circle cx="16.75" cy="15.5" r="2.25" />
    </OutlineIcon>
  );
}

export function PdfFileIcon(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <path d={PAGE} />
      <path d={FOLD} />
      <path d="M8.5 17v-4h1.25a1.25 1.25 0 0 1 0 2.5H8.5M12.5 17v-4h.75a2 2 0 0 1 0 4ZM16 17v-4h1.75M16 15h1.25" />
    </OutlineIcon>
  );
}

export function CodeFileIcon(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <path d={PAGE} />
      <path d={FOLD} />
      <path d="m10 12-2 2 2 2M14 12l2 2-2 2" />
    </OutlineIcon>
  );
}

export function TextFileIcon(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <path d={PAGE} />
      <path d={FOLD} />
      <path d="M8.5 12h7M8.5 15h7M8.5 18h4" />
    </OutlineIcon>
  );
}

export function MarkdownFileIcon(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <path d={PAGE} />
      <path d={FOLD} />
      <path d="M8 17.5v-5l2 2.5 2-2.5v5M15.5 12.5v5M14 16l1.5 1.5L17 16" />
    </OutlineIcon>
  );
}

export function DocumentFileIcon(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <path d={PAGE} />
      <path d={FOLD} />
      <path d="m8.5 12 1.25 5.5L12 13.5l2.25 4 1.25-5.5" />
    </OutlineIcon>
  );
}

export function SpreadsheetFileIcon(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <path d={PAGE} />
      <path d={FOLD} />
      <path d="M8.5 11.5h7v6.5h-7ZM8.5 14.75h7M12 11.5V18" />
    </OutlineIcon>
  );
}

export function PresentationFileIcon(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <path d={PAGE} />
      <path d={FOLD} />
      <path d="M9 18v-6h2.25a1.75 1.75 0 0 1 0 3.5H9" />
    </OutlineIcon>
  );
}

export function ArchiveFileIcon(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <path d={PAGE} />
      <path d={FOLD} />
      <path d="M11 3.5v2h2v2h-2v2h2v2h-2M11 14h2v3.5h-2Z" />
    </OutlineIcon>
  );
}

export function DownloadIcon(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <path d="M12 4v11.5" />
      <path d="m7.5 11 4.5 4.5 4.5-4.5" />
      <path d="M4 15v3.5A1.5 1.5 0 0 0 5.5 20h13a1.5 1.5 0 0 0 1.5-1.5V15" />
    </OutlineIcon>
  );
}

export function CloudUploadIcon(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <path d="M7 18.5a4.5 4.5 0 0 1-.6-8.96A6 6 0 0 1 18 8.5a4 4 0 0 1-.5 7.97" />
      <path d="M12 20.5V12M9 15l3-3 3 3" />
    </OutlineIcon>
  );
}

export function GlobeIcon(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <circle cx="12" cy="12" r="8.5" />
      <path d="M3.5 12h17M12 3.5c2.2 2.3 3.3 5.2 3.3 8.5s-1.1 6.2-3.3 8.5c-2.2-2.3-3.3-5.2-3.3-8.5S9.8 5.8 12 3.5Z" />
    </OutlineIcon>
  );
}

export function ServerIcon(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <rect x="4" y="4" width="16" height="7" rx="1.5" />
      <rect x="4" y="13" width="16" height="7" rx="1.5" />
      <path d="M7.5 7.5h.01M7.5 16.5h.01" strokeWidth={2.25} />
    </OutlineIcon>
  );
}

export function CloudIcon(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <path d="M7 18.5a4.5 4.5 0 0 1-.6-8.96A6 6 0 0 1 18 8.5a4.5 4.5 0 0 1-.5 10Z" />
    </OutlineIcon>
  );
}

export function StarIcon(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <path d="m12 4 2.4 4.9 5.4.8-3.9 3.8.9 5.4-4.8-2.6-4.8 2.6.9-5.4-3.9-3.8 5.4-.8Z" />
    </OutlineIcon>
  );
}

export function BeakerIcon(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <path d="M9.5 3.5v6L4.8 18a1.7 1.7 0 0 0 1.5 2.5h11.4a1.7 1.7 0 0 0 1.5-2.5l-4.7-8.5v-6M8 3.5h8M7 15h10" />
    </OutlineIcon>
  );
}

export function ClipboardIcon(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <rect x="5.5" y="5" width="13" height="16" rx="1.5" />
      <path d="M9 5V3.5h6V5M9 10.5h6M9 14h6M9 17.5h3.5" />
    </OutlineIcon>
  );
}

export function PauseCircleIcon(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <circle cx="12" cy="12" r="8.5" />
      <path d="M10 9v6M14 9v6" />
    </OutlineIcon>
  );
}

export function StopIcon(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <circle cx="12" cy="12" r="8.5" />
      <rect x="9" y="9" width="6" height="6" rx="1" />
    </OutlineIcon>
  );
}

const KIND_ICONS: Record<FileKind, (props: IconProps) => ReactNode> = {
  image: ImageFileIcon,
  video: VideoFileIcon,
  audio: AudioFileIcon,
  pdf: PdfFileIcon,
  markdown: MarkdownFileIcon,
  code: CodeFileIcon,
  text: TextFileIcon,
  document: DocumentFileIcon,
  spreadsheet: SpreadsheetFileIcon,
  presentation: PresentationFileIcon,
  archive: ArchiveFileIcon,
  other: FileIcon,
};

const KIND_TONES: Record<FileKind, string> = {
  image:
    "bg-fuchsia-50 text-fuchsia-600 ring-fuchsia-100 dark:bg-fuchsia-500/10 dark:text-fuchsia-300 dark:ring-fuchsia-500/20",
  video: "bg-rose-50 text-rose-600 ring-rose-100 dark:bg-rose-500/10 dark:text-rose-300 dark:ring-rose-500/20",
  audio:
    "bg-orange-50 text-orange-600 ring-orange-100 dark:bg-orange-500/10 dark:text-orange-300 dark:ring-orange-500/20",
  pdf: "bg-red-50 text-red-600 ring-red-100 dark:bg-red-500/10 dark:text-red-300 dark:ring-red-500/20",
  markdown: "bg-slate-100 text-slate-700 ring-slate-200 dark:bg-slate-800 dark:text-slate-200 dark:ring-slate-700",
  code: "bg-cyan-50 text-cyan-700 ring-cyan-100 dark:bg-cyan-500/10 dark:text-cyan-300 dark:ring-cyan-500/20",
  text: "bg-slate-100 text-slate-600 ring-slate-200 dark:bg-slate-800 dark:text-slate-300 dark:ring-slate-700",
  document: "bg-blue-50 text-blue-600 ring-blue-100 dark:bg-blue-500/10 dark:text-blue-300 dark:ring-blue-500/20",
  spreadsheet:
    "bg-emerald-50 text-emerald-600 ring-emerald-100 dark:bg-emerald-500/10 dark:text-emerald-300 dark:ring-emerald-500/20",
  presentation:
    "bg-amber-50 text-amber-600 ring-amber-100 dark:bg-amber-500/10 dark:text-amber-300 dark:ring-amber-500/20",
  archive:
    "bg-yellow-50 text-yellow-700 ring-yellow-100 dark:bg-yellow-500/10 dark:text-yellow-300 dark:ring-yellow-500/20",
  other:
    "bg-indigo-50 text-indigo-600 ring-indigo-100 dark:bg-indigo-500/10 dark:text-indigo-300 dark:ring-indigo-500/20",
};

export type FileTypeIconProps = {
  mimetype: string | null | undefined;
  filename: string;
  size?: "sm" | "md" | "lg";
  className?: string;
};

const TILE_SIZES = { sm: "size-8 rounded-lg", md: "size-10 rounded-xl", lg: "size-14 rounded-2xl" };
const GLYPH_SIZES = { sm: "size-4.5", md: "size-5.5", lg: "size-8" };

/** A tinted tile with the icon of the file's kind (image, PDF, code...). Decorative. */
export function FileTypeIcon({ mimetype, filename, size = "md", className }: FileTypeIconProps) {
  const kind = fileKindOf(mimetype, filename);
  const Icon = KIND_ICONS[kind];
  return (
    <span
      aria-hidden="true"
      data-kind={kind}
      className={cx(
        "flex shrink-0 items-center justify-center ring-1 ring-inset",
        TILE_SIZES[size],
        KIND_TONES[kind],
        className,
      )}
    >
      <Icon className={GLYPH_SIZES[size]} />
    </span>
  );
}
