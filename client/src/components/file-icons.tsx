// The file-type icon shown beside a file's name wherever files are listed: a tinted tile with the
// Heroicon of the file's kind; and that icon with the name and one line about the file.
import ArchiveBoxIcon from "@heroicons/react/24/outline/ArchiveBoxIcon";
import Bars3BottomLeftIcon from "@heroicons/react/24/outline/Bars3BottomLeftIcon";
import CodeBracketIcon from "@heroicons/react/24/outline/CodeBracketIcon";
import DocumentIcon from "@heroicons/react/24/outline/DocumentIcon";
import DocumentTextIcon from "@heroicons/react/24/outline/DocumentTextIcon";
import FilmIcon from "@heroicons/react/24/outline/FilmIcon";
import HashtagIcon from "@heroicons/react/24/outline/HashtagIcon";
import MusicalNoteIcon from "@heroicons/react/24/outline/MusicalNoteIcon";
import PhotoIcon from "@heroicons/react/24/outline/PhotoIcon";
import PresentationChartBarIcon from "@heroicons/react/24/outline/PresentationChartBarIcon";
import TableCellsIcon from "@heroicons/react/24/outline/TableCellsIcon";
import type { ComponentType, ReactNode } from "react";
import { type FileKind, fileKindOf } from "../lib/shares/file-kind";
import { cx, fileNameText } from "./class-names";
import type { IconProps } from "./icons";

const KIND_ICONS: Record<FileKind, ComponentType<IconProps>> = {
  image: PhotoIcon,
  video: FilmIcon,
  audio: MusicalNoteIcon,
  pdf: DocumentIcon,
  markdown: HashtagIcon,
  code: CodeBracketIcon,
  text: Bars3BottomLeftIcon,
  document: DocumentTextIcon,
  spreadsheet: TableCellsIcon,
  presentation: PresentationChartBarIcon,
  archive: ArchiveBoxIcon,
  other: DocumentIcon,
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

/**
 * A file's icon, its name and one line about it (its size, its folder), for a row whose parent lays
 * them out (a flex row); the name and the line are cut short with an ellipsis.
 */
export function FileSummary({
  mimetype,
  filename,
  detail,
  detailTitle,
  detailIcon,
}: {
  mimetype: FileTypeIconProps["mimetype"];
  filename: string;
  detail: ReactNode;
  /** The line's whole text on hover, where it may be cut short. */
  detailTitle?: string;
  /** A mark before the line (a lock for a protected file). */
  detailIcon?: ReactNode;
}) {
  return (
    <>
      <FileTypeIcon mimetype={mimetype} filename={filename} size="sm" />
      <div className="min-w-0 flex-1">
        <p className={cx(fileNameText, "text-sm font-medium text-slate-900 dark:text-white")} title={filename}>
          {filename}
        </p>
        <p className="flex items-center gap-1 text-xs text-slate-500 dark:text-slate-400" title={detailTitle}>
          {detailIcon}
          <span className="truncate">{detail}</span>
        </p>
      </div>
    </>
  );
}
