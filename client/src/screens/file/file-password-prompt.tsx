// The password page of a protected file, with the file's name, type and size when the server told them
// (an encrypted file's are in its ciphertext: it asks with a sentence of its own instead).

import { formatBytes } from "@shared/format-bytes";
import { FileSummary } from "../../components/file-icons";
import { SharePasswordPrompt } from "../../components/forms/share-password-prompt";
import { currentLanguage } from "../../i18n";

export type FilePasswordPromptProps = {
  file: { filename: string; mimetype: string; size: number } | null;
  /** Replaces the usual sentence under the heading. */
  description?: string;
  onSubmit: (password: string) => void;
  isChecking: boolean;
  error: string | null;
};

export function FilePasswordPrompt({ file, ...props }: FilePasswordPromptProps) {
  return (
    <div className="py-4 sm:py-10">
      <SharePasswordPrompt
        {...props}
        kind="files"
        headingLevel={1}
        testId="file-password-prompt"
        summary={
          file ? (
            <div className="mt-5 flex items-center gap-3 rounded-xl bg-slate-50 px-3 py-2.5 ring-1 ring-slate-200 dark:bg-slate-950/50 dark:ring-slate-800">
              <FileSummary
                mimetype={file.mimetype}
                filename={file.filename}
                detail={formatBytes(file.size, currentLanguage())}
              />
            </div>
          ) : null
        }
      />
    </div>
  );
}
