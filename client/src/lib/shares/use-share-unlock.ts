// Opening a protected share with its password, as the paste and file pages do: the share with the
// password it was opened with, the message beside the prompt (wrong password, too many attempts, no
// connection), and the problems that end the visit (the share expired or was used up while the
// password was typed). Each attempt is a counted view on the server.
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { errorMessageOf } from "../api/api-errors";
import {
  classifyShareError,
  type ExpiredMessageKey,
  isTerminalShareProblem,
  type ShareProblem,
  type TerminalShareProblem,
} from "./share-errors";

export type ShareKind = "pastes" | "files";

const EXPIRED_KEY: Record<ShareKind, ExpiredMessageKey> = { pastes: "pasteExpired", files: "fileExpired" };

export function useShareUnlock<T>(kind: ShareKind, open: (password: string) => Promise<T>) {
  const { t } = useTranslation();
  const [unlocked, setUnlocked] = useState<{ share: T; password: string } | null>(null);
  const [isUnlocking, setIsUnlocking] = useState(false);
  // undefined until the prompt was used (a page may have a message of its own before that).
  const [passwordError, setPasswordError] = useState<string | null | undefined>(undefined);
  const [goneProblem, setGoneProblem] = useState<TerminalShareProblem | null>(null);

  /** The message beside the prompt for a refusal that does not end the visit. */
  const passwordMessage = (error: unknown, problem: ShareProblem): string => {
    const messages = { network: t("common.networkError"), fallback: t("common.unknownError") };
    if (problem === "wrongPassword") return t(`${kind}.password.wrong`);
    if (problem === "rateLimited") {
      return errorMessageOf(error, { ...messages, fallback: t(`${kind}.password.rateLimited`) });
    }
    return errorMessageOf(error, messages);
  };

  /** A refusal: the end of the visit, or a message at the prompt. */
  const refused = (error: unknown): ShareProblem => {
    const problem = classifyShareError(error, EXPIRED_KEY[kind]);
    if (isTerminalShareProblem(problem)) setGoneProblem(problem);
    else setPasswordError(passwordMessage(error, problem));
    return problem;
  };

  const unlock = (password: string) => {
    setPasswordError(null);
    setIsUnlocking(true);
    open(password)
      .then((share) => setUnlocked({ share, password }), refused)
      .finally(() => setIsUnlocking(false));
  };

  return { unlocked, setUnlocked, isUnlocking, passwordError, goneProblem, setGoneProblem, unlock, passwordMessage };
}
