// Icons: the app uses Heroicons (@heroicons/react, 24px outline, imported one icon per file so the
// bundle keeps only those used); they are decorative (aria-hidden), and the control that holds one
// carries the accessible name. Drawn here are only the two marks no icon set has: GitHub's and ours.
import type { ComponentProps } from "react";

/** What every icon component takes: a Heroicon, or a mark below. */
export type IconProps = ComponentProps<"svg">;

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
