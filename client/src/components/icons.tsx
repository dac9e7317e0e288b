// Inline SVG icons drawn for this app (24px grid, 1.5px strokes), so the shell needs no icon package.
// Every icon is decorative (aria-hidden); the control that holds it carries the accessible name.
import type { ReactNode, SVGProps } from "react";

export type IconProps = SVGProps<SVGSVGElement>;

/** The frame every icon of the app is drawn in; icon files elsewhere use it too. */
export function OutlineIcon({ children, ...props }: IconProps & { children: ReactNode }) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.5}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      {children}
    </svg>
  );
}

export function HomeIcon(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <path d="M3 11.5 12 4l9 7.5" />
      <path d="M5.5 9.5V20h4.5v-5.5h4V20h4.5V9.5" />
    </OutlineIcon>
  );
}

export function UploadIcon(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <path d="M12 15.5V4" />
      <path d="m7.5 8.5 4.5-4.5 4.5 4.5" />
      <path d="M4 15v3.5A1.5 1.5 0 0 0 5.5 20h13a1.5 1.5 0 0 0 1.5-1.5V15" />
    </OutlineIcon>
  );
}

export function FolderIcon(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <path d="M3.5 7.5v10A1.5 1.5 0 0 0 5 19h14a1.5 1.5 0 0 0 1.5-1.5V9.5A1.5 1.5 0 0 0 19 8h-7l-2-2.5H5A1.5 1.5 0 0 0 3.5 7Z" />
    </OutlineIcon>
  );
}

export function ShieldIcon(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <path d="M12 3.5 5 6v5.5c0 4.2 2.9 7.6 7 9 4.1-1.4 7-4.8 7-9V6Z" />
      <path d="m9.25 12 2 2 3.5-3.75" />
    </OutlineIcon>
  );
}

export function SunIcon(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <circle cx="12" cy="12" r="3.75" />
      <path d="M12 2.75v2M12 19.25v2M2.75 12h2M19.25 12h2M5.46 5.46l1.41 1.41M17.13 17.13l1.41 1.41M5.46 18.54l1.41-1.41M17.13 6.87l1.41-1.41" />
    </OutlineIcon>
  );
}

export function MoonIcon(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <path d="M20 14.5A8 8 0 0 1 9.5 4a8 8 0 1 0 10.5 10.5Z" />
    </OutlineIcon>
  );
}

export function MonitorIcon(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <rect x="3" y="4.5" width="18" height="12" rx="1.5" />
      <path d="M9 20h6M12 16.5V20" />
    </OutlineIcon>
  );
}

export function LanguageIcon(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <circle cx="12" cy="12" r="8.75" />
      <path d="M3.25 12h17.5" />
      <path d="M12 3.25c2.3 2.4 3.5 5.3 3.5 8.75s-1.2 6.35-3.5 8.75c-2.3-2.4-3.5-5.3-3.5-8.75S9.7 5.65 12 3.25Z" />
    </OutlineIcon>
  );
}

export function MenuIcon(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <path d="M4 7h16M4 12h16M4 17h16" />
    </OutlineIcon>
  );
}

export function CloseIcon(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <path d="m6 6 12 12M18 6 6 18" />
    </OutlineIcon>
  );
}

export function CheckIcon(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <path d="m5 12.5 4.5 4.5L19 7.5" />
    </OutlineIcon>
  );
}

export function ChevronDownIcon(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <path d="m7 10 5 5 5-5" />
    </OutlineIcon>
  );
}

export function ArrowLeftIcon(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <path d="M19 12H5M11 6l-6 6 6 6" />
    </OutlineIcon>
  );
}

export function ChartIcon(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <path d="M4 20h16" />
      <rect x="5.5" y="11" width="3" height="6" rx="0.75" />
      <rect x="10.5" y="6" width="3" height="11" rx="0.75" />
      <rect x="15.5" y="13" width="3" height="4" rx="0.75" />
    </OutlineIcon>
  );
}

export function DocumentTextIcon(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <path d="M14 3.5H7A1.5 1.5 0 0 0 5.5 5v14A1.5 1.5 0 0 0 7 20.5h10a1.5 1.5 0 0 0 1.5-1.5V8Z" />
      <path d="M14 3.5V8h4.5M8.75 12.5h6.5M8.75 16h6.5" />
    </OutlineIcon>
  );
}

export function FilesIcon(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <path d="M8.5 6.5V5A1.5 1.5 0 0 1 10 3.5h5.5l3.5 3.5v9.5a1.5 1.5 0 0 1-1.5 1.5h-1.5" />
      <path d="M5 8A1.5 1.5 0 0 1 6.5 6.5H12L15.5 10v9.5A1.5 1.5 0 0 1 14 21H6.5A1.5 1.5 0 0 1 5 19.5Z" />
    </OutlineIcon>
  );
}

export function DatabaseIcon(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <ellipse cx="12" cy="6" rx="7" ry="2.75" />
      <path d="M5 6v12c0 1.5 3.1 2.75 7 2.75s7-1.25 7-2.75V6" />
      <path d="M5 12c0 1.5 3.1 2.75 7 2.75S19 13.5 19 12" />
    </OutlineIcon>
  );
}

export function MountIcon(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <rect x="3.5" y="4" width="17" height="6.5" rx="1.5" />
      <rect x="3.5" y="13.5" width="17" height="6.5" rx="1.5" />
      <path d="M7 7.25h.01M7 16.75h.01M11 7.25h6M11 16.75h6" />
    </OutlineIcon>
  );
}

export function KeyIcon(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <circle cx="8" cy="15" r="4" />
      <path d="m10.9 12.1 8.6-8.6M16.5 6.5l2.5 2.5M14 9l2 2" />
    </OutlineIcon>
  );
}

export function SettingsIcon(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <path d="M4 7h9M17 7h3M4 17h3M11 17h9" />
      <circle cx="15" cy="7" r="2" />
      <circle cx="9" cy="17" r="2" />
    </OutlineIcon>
  );
}

export function EyeIcon(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <path d="M2.75 12S6 5.75 12 5.75 21.25 12 21.25 12 18 18.25 12 18.25 2.75 12 2.75 12Z" />
      <circle cx="12" cy="12" r="3" />
    </OutlineIcon>
  );
}

export function EyeSlashIcon(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <path d="M4 4l16 16" />
      <path d="M9.9 6.1A9.5 9.5 0 0 1 12 5.75C18 5.75 21.25 12 21.25 12a16 16 0 0 1-2.6 3.45M6.6 7.7A15.6 15.6 0 0 0 2.75 12S6 18.25 12 18.25a9.3 9.3 0 0 0 4.2-1" />
      <path d="M9.9 9.9a3 3 0 0 0 4.2 4.2" />
    </OutlineIcon>
  );
}

export function CopyIcon(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <rect x="8.5" y="8.5" width="11" height="11" rx="1.5" />
      <path d="M15.5 8.5V6A1.5 1.5 0 0 0 14 4.5H6A1.5 1.5 0 0 0 4.5 6v8A1.5 1.5 0 0 0 6 15.5h2.5" />
    </OutlineIcon>
  );
}

export function ClipboardIcon(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <path d="M9 4.5h6M9 4.5a1.5 1.5 0 0 0 0 3h6a1.5 1.5 0 0 0 0-3M9 4.5H7.5A2.25 2.25 0 0 0 5.25 6.75v12A2.25 2.25 0 0 0 7.5 21h9a2.25 2.25 0 0 0 2.25-2.25v-12A2.25 2.25 0 0 0 16.5 4.5H15" />
      <path d="M8.25 12h7.5M8.25 15.75h4.5" />
    </OutlineIcon>
  );
}

export function TrashIcon(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <path d="M4.5 6.5h15M9.5 6.5V5a1 1 0 0 1 1-1h3a1 1 0 0 1 1 1v1.5" />
      <path d="M6.5 6.5l.9 12.1A1.5 1.5 0 0 0 8.9 20h6.2a1.5 1.5 0 0 0 1.5-1.4l.9-12.1M10 10.5v5.5M14 10.5v5.5" />
    </OutlineIcon>
  );
}

export function PlusIcon(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <path d="M12 5v14M5 12h14" />
    </OutlineIcon>
  );
}

export function PencilIcon(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <path d="M15.5 5.5l3 3M4.5 19.5l1-4L16 5a1.4 1.4 0 0 1 2 0l1 1a1.4 1.4 0 0 1 0 2L8.5 18.5Z" />
    </OutlineIcon>
  );
}

export function LogoutIcon(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <path d="M14.5 8V5.5A1.5 1.5 0 0 0 13 4H5.5A1.5 1.5 0 0 0 4 5.5v13A1.5 1.5 0 0 0 5.5 20H13a1.5 1.5 0 0 0 1.5-1.5V16" />
      <path d="M9.5 12h11M17 8.5l3.5 3.5-3.5 3.5" />
    </OutlineIcon>
  );
}

export function UserIcon(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <circle cx="12" cy="8.5" r="3.75" />
      <path d="M4.75 20c.9-3.6 3.8-5.75 7.25-5.75s6.35 2.15 7.25 5.75" />
    </OutlineIcon>
  );
}

export function WarningIcon(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <path d="M10.7 4.3 2.9 18a1.5 1.5 0 0 0 1.3 2.25h15.6A1.5 1.5 0 0 0 21.1 18L13.3 4.3a1.5 1.5 0 0 0-2.6 0Z" />
      <path d="M12 9.5v4M12 16.75h.01" />
    </OutlineIcon>
  );
}

export function InfoIcon(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <circle cx="12" cy="12" r="8.75" />
      <path d="M12 11v5.5M12 7.75h.01" />
    </OutlineIcon>
  );
}

export function CheckCircleIcon(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <circle cx="12" cy="12" r="8.75" />
      <path d="m8.5 12.25 2.5 2.5 4.5-5" />
    </OutlineIcon>
  );
}

export function ErrorCircleIcon(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <circle cx="12" cy="12" r="8.75" />
      <path d="M12 7.75v5M12 16.25h.01" />
    </OutlineIcon>
  );
}

export function LockIcon(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <rect x="5" y="10.5" width="14" height="9.5" rx="1.5" />
      <path d="M8 10.5V8a4 4 0 0 1 8 0v2.5M12 14.25v2" />
    </OutlineIcon>
  );
}

export function RefreshIcon(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <path d="M19.5 12a7.5 7.5 0 0 1-13.3 4.75M4.5 12A7.5 7.5 0 0 1 17.8 7.25" />
      <path d="M18.25 3.75v3.75H14.5M5.75 20.25V16.5H9.5" />
    </OutlineIcon>
  );
}

// The GitHub mark is a brand logo filled with one path, unlike the stroked icons above.
export function GitHubIcon(props: IconProps) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 24 24"
      fill="currentColor"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      <path
        fillRule="evenodd"
        clipRule="evenodd"
        d="M12 2C6.477 2 2 6.484 2 12.017c0 4.425 2.865 8.18 6.839 9.504.5.092.682-.217.682-.483 0-.237-.008-.868-.013-1.703-2.782.605-3.369-1.343-3.369-1.343-.454-1.158-1.11-1.466-1.11-1.466-.908-.62.069-.608.069-.608 1.003.07 1.531 1.032 1.531 1.032.892 1.53 2.341 1.088 2.91.832.092-.647.35-1.088.636-1.338-2.22-.253-4.555-1.113-4.555-4.951 0-1.093.39-1.988 1.029-2.688-.103-.253-.446-1.272.098-2.65 0 0 .84-.27 2.75 1.026A9.564 9.564 0 0 1 12 6.844a9.59 9.59 0 0 1 2.504.337c1.909-1.296 2.747-1.027 2.747-1.027.546 1.379.202 2.398.1 2.651.64.7 1.028 1.595 1.028 2.688 0 3.848-2.339 4.695-4.566 4.943.359.309.678.92.678 1.855 0 1.338-.012 2.419-.012 2.747 0 .268.18.58.688.482A10.02 10.02 0 0 0 22 12.017C22 6.484 17.522 2 12 2Z"
      />
    </svg>
  );
}

// The product mark: a clipboard with two lines of text, on the indigo tile also used as favicon.
export function LogoMark(props: IconProps) {
  return (
    <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" aria-hidden="true" focusable="false" {...props}>
      <rect width="32" height="32" rx="8" className="fill-indigo-600 dark:fill-indigo-500" />
      <path
        d="M12 8.5h-1.5A2.5 2.5 0 0 0 8 11v12.5a2.5 2.5 0 0 0 2.5 2.5h11a2.5 2.5 0 0 0 2.5-2.5V11a2.5 2.5 0 0 0-2.5-2.5H20"
        fill="none"
        stroke="white"
        strokeWidth={2}
        strokeLinecap="round"
      />
      <rect x="12" y="6.5" width="8" height="4" rx="1.5" fill="white" />
      <path d="M12 16h8M12 20h5" stroke="white" strokeWidth={2} strokeLinecap="round" />
    </svg>
  );
}
