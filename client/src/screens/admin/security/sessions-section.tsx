// The admin's sessions: browser and system (from the user agent), address, how it signed in, when,
// and when last active; "End" on any but this one, and "End all other sessions". Ending is a delete
// on the server, so the ended browser is signed out at its next request, whichever process serves it.
import ComputerDesktopIcon from "@heroicons/react/24/outline/ComputerDesktopIcon";
import type { AdminSessionView } from "@shared/schemas/auth/auth";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/button";
import { currentLanguage } from "../../../i18n";
import { trpc } from "../../../lib/api/trpc";
import { formatDateTime, formatRelativeTime } from "../../../lib/format-date";
import { SectionList, SectionRow } from "../settings/section-list";
import { SettingsSection } from "../settings/settings-section";
import { useToastOutcome } from "../shared/use-toast-outcome";

export function SessionsSection() {
  const { t } = useTranslation();
  const outcome = useToastOutcome();
  const sessions = trpc.security.sessions.useQuery();
  const utils = trpc.useUtils();
  const endOne = trpc.security.endSession.useMutation();
  const endOthers = trpc.security.endOtherSessions.useMutation();
  const refresh = () => utils.security.sessions.invalidate();
  const hasOthers = (sessions.data ?? []).some((session) => !session.current);

  return (
    <SettingsSection icon={ComputerDesktopIcon} ns="security.sessions" testId="sessions">
      <div className="p-5 sm:p-6">
        <SectionList ns="security.sessions" query={sessions}>
          {(session) => (
            <SessionRow
              key={session.id}
              session={session}
              isEnding={endOne.isPending && endOne.variables?.id === session.id}
              onEnd={() => endOne.mutate({ id: session.id }, outcome(t("security.sessions.ended"), refresh))}
            />
          )}
        </SectionList>
        {hasOthers ? (
          <div className="mt-4 flex justify-end border-t border-slate-200 pt-4 dark:border-slate-800">
            <Button
              variant="danger"
              isLoading={endOthers.isPending}
              onClick={() =>
                endOthers.mutate(
                  undefined,
                  outcome(({ ended }) => t("security.sessions.endedOthers", { count: ended }), refresh),
                )
              }
            >
              {t("security.sessions.endOthers")}
            </Button>
          </div>
        ) : null}
      </div>
    </SettingsSection>
  );
}

function SessionRow({ session, isEnding, onEnd }: { session: AdminSessionView; isEnding: boolean; onEnd: () => void }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const browser = session.browser ?? t("security.sessions.unknownBrowser");
  const name = session.os ? t("security.sessions.on", { browser, os: session.os }) : browser;
  const method = t(`security.sessions.methods.${session.method}`, { defaultValue: session.method });
  return (
    <SectionRow
      testId="session-row"
      titleClassName="flex flex-wrap items-center gap-2"
      title={
        <>
          <span className="break-words">{name}</span>
          {session.current ? (
            <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-medium text-emerald-800 dark:bg-emerald-500/15 dark:text-emerald-200">
              {t("security.sessions.current")}
            </span>
          ) : null}
        </>
      }
      details={
        <>
          <p className="mt-1 text-slate-600 dark:text-slate-400">
            {[method, session.ip_address ? t("security.sessions.address", { address: session.ip_address }) : null]
              .filter(Boolean)
              .join(" · ")}
          </p>
          <p className="mt-0.5 text-slate-600 dark:text-slate-400">
            <span title={formatDateTime(session.created_at, language)}>
              {t("security.sessions.signedIn", { time: formatDateTime(session.created_at, language) })}
            </span>
            {" · "}
            {t("security.sessions.lastSeen", { time: formatRelativeTime(session.last_seen_at, new Date(), language) })}
          </p>
        </>
      }
      actions={
        session.current ? null : (
          <Button
            size="sm"
            variant="secondary"
            isLoading={isEnding}
            aria-label={t("security.sessions.endLabel", { name })}
            onClick={onEnd}
          >
            {t("security.sessions.end")}
          </Button>
        )
      }
    />
  );
}
