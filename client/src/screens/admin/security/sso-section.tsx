// Single sign-on on the Security screen: whether the server offers it (configured by OIDC_* variables,
// docs/sso.md) and the switch that turns the password login off, offered only in a session that signed
// in through SSO, since the server refuses it elsewhere (it proves SSO works for this admin).
import IdentificationIcon from "@heroicons/react/24/outline/IdentificationIcon";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/button";
import { QueryView } from "../../../components/feedback/request-status";
import { trpc } from "../../../lib/api/trpc";
import { SettingsSection } from "../settings/settings-section";
import { useToastOutcome } from "../shared/use-toast-outcome";

export function SsoSection() {
  const { t } = useTranslation();
  const outcome = useToastOutcome();
  const status = trpc.sso.status.useQuery();
  const sessions = trpc.security.sessions.useQuery();
  const utils = trpc.useUtils();
  const setPasswordLogin = trpc.sso.setPasswordLogin.useMutation(
    outcome(
      (answer) => t(answer.password_login ? "security.sso.turnedOn" : "security.sso.turnedOff"),
      undefined,
      (answer) => utils.sso.status.setData(undefined, answer),
    ),
  );
  const isSsoSession = sessions.data?.find((session) => session.current)?.method === "sso";

  return (
    <SettingsSection icon={IdentificationIcon} ns="security.sso" testId="sso">
      <div className="flex flex-col gap-4 p-5 sm:p-6">
        <QueryView query={status} failedTitle={t("security.sso.title")} loadingLabel={t("security.totp.loading")}>
          {(data) =>
            data.enabled && data.name ? (
              <>
                <p className="text-sm text-slate-700 dark:text-slate-300">
                  {t("security.sso.on", { name: data.name })}
                </p>
                <div className="flex flex-col gap-3 border-t border-slate-200 pt-4 dark:border-slate-800">
                  <h3 className="text-sm font-semibold text-slate-900 dark:text-white">
                    {t("security.sso.passwordLogin")}
                  </h3>
                  <p className="text-sm text-slate-600 dark:text-slate-400" data-testid="password-login-status">
                    {t(data.password_login ? "security.sso.passwordLoginOn" : "security.sso.passwordLoginOff")}
                  </p>
                  {data.password_login && !isSsoSession ? (
                    <p className="text-sm text-slate-600 dark:text-slate-400">
                      {t("security.sso.needsSsoSession", { name: data.name })}
                    </p>
                  ) : (
                    <div>
                      <Button
                        variant={data.password_login ? "danger" : "secondary"}
                        isLoading={setPasswordLogin.isPending}
                        onClick={() => setPasswordLogin.mutate({ enabled: !data.password_login })}
                      >
                        {t(data.password_login ? "security.sso.turnOff" : "security.sso.turnOn")}
                      </Button>
                    </div>
                  )}
                </div>
              </>
            ) : (
              <p className="text-sm text-slate-600 dark:text-slate-400">{t("security.sso.off")}</p>
            )
          }
        </QueryView>
      </div>
    </SettingsSection>
  );
}
