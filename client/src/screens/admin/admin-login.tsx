// Admin login (docs/product.md §2): two modes, the admin account and an API key, as tabs. Fields are
// labelled, Enter submits, the button shows progress, and errors arrive in the user's language
// (the server translates its own; ours come from i18n).

import { Tab, TabGroup, TabList, TabPanel, TabPanels } from "@headlessui/react";
import FingerPrintIcon from "@heroicons/react/24/outline/FingerPrintIcon";
import KeyIcon from "@heroicons/react/24/outline/KeyIcon";
import ShieldCheckIcon from "@heroicons/react/24/outline/ShieldCheckIcon";
import UserIcon from "@heroicons/react/24/outline/UserIcon";
import { loginInput } from "@shared/schemas/auth/auth";
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useSearch } from "wouter";
import { Button, buttonClasses } from "../../components/button";
import { cx, focusRing } from "../../components/class-names";
import { toast } from "../../components/feedback/toast-store";
import { FormAlert, PasswordField, TextField } from "../../components/forms/form-controls";
import { useErrorMessage } from "../../components/forms/use-error-message";
import { useFieldForm } from "../../components/forms/use-field-form";
import { useFocusFirstInvalid } from "../../components/forms/use-focus-invalid";
import { IconBadge } from "../../components/icon-badge";
import { MAIN_CONTENT_ID } from "../../components/layout/app-shell";
import { fieldIssuesOf, isSecondFactorRequired, secondFactorMethodsOf } from "../../lib/api/api-errors";
import { fetchEnvelope } from "../../lib/api/rest-api";
import { answerPasskeySignIn, browserHasPasskeys, isPasskeyPromptDismissed } from "../../lib/auth/passkey-ceremony";
import { AuthError } from "../../lib/auth/store/auth-types";
import { authStore } from "../../lib/auth/store/session";
import { fieldErrorsFromIssues, fieldErrorsFromServer } from "../../lib/form-messages";
import { returnPathOf } from "../../routes";

type LoginField = "username" | "password" | "code";

/** Title and detail of a failed login, in the user's language. */
export function useLoginErrorText() {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  return (error: unknown): { title: string; detail: string | null } => {
    if (error instanceof AuthError) {
      const detail = error.isNetwork ? t("common.networkError") : error.reason;
      return { title: t(error.messageKey), detail };
    }
    if (isPasskeyPromptDismissed(error)) return { title: t("auth.login.passkeyDismissed"), detail: null };
    return {
      title: t("auth.login.failed"),
      detail: errorMessage(error),
    };
  };
}

/**
 * After signing in: back to the screen that asked for the login (a Home draft, the explorer), or
 * else focus moves to the main region so the admin area is announced from the top.
 */
function useAfterLogin(): () => void {
  const search = useSearch();
  const [, navigate] = useLocation();
  return () => {
    const next = returnPathOf(search);
    if (next) navigate(next, { replace: true });
    else requestAnimationFrame(() => document.getElementById(MAIN_CONTENT_ID)?.focus({ preventScroll: true }));
  };
}

type SsoStatus = { enabled: boolean; name: string | null; password_login: boolean };

/** Whether the server offers single sign-on (GET /api/auth/sso); null until it answers or when it does not. */
function useSsoStatus(): SsoStatus | null {
  const [status, setStatus] = useState<SsoStatus | null>(null);
  useEffect(() => {
    let isCurrent = true;
    fetchEnvelope<SsoStatus>("/api/auth/sso")
      .then((answer) => {
        if (isCurrent) setStatus(answer);
      })
      // Without an answer the login screen offers what it always did; the password form says the rest.
      .catch(() => {});
    return () => {
      isCurrent = false;
    };
  }, []);
  return status;
}

const SSO_FAILURES = ["state", "issuer", "unreachable", "provider", "answer", "notAdmin", "notConfigured"] as const;

/**
 * "Sign in with <provider>": a plain link, since the sign-on is a chain of page loads (the server sends
 * the browser to the provider and takes it back); a refused one comes back with `sso_error`.
 */
function SsoSignIn({ name }: { name: string | null }) {
  const { t } = useTranslation();
  const search = useSearch();
  const failure = new URLSearchParams(search).get("sso_error");
  const reason = SSO_FAILURES.find((known) => known === failure);
  const next = returnPathOf(search);
  const start = `/api/auth/sso/start${next ? `?${new URLSearchParams({ next })}` : ""}`;
  return (
    <div className="flex flex-col gap-4">
      {failure ? (
        <FormAlert title={t("auth.login.sso.failed")}>
          {t(reason ? `auth.login.sso.errors.${reason}` : "common.unknownError")}
        </FormAlert>
      ) : null}
      {name ? (
        <a href={start} className={cx(buttonClasses("primary"), "w-full")}>
          <ShieldCheckIcon className="size-5" />
          {t("auth.login.withSso", { name })}
        </a>
      ) : null}
    </div>
  );
}

export function AdminLogin() {
  const { t } = useTranslation();
  const sso = useSsoStatus();
  const search = useSearch();
  const hasSsoFailure = new URLSearchParams(search).has("sso_error");
  const isPasswordOff = sso?.password_login === false;
  const tabClass = cx(
    "flex items-center justify-center gap-2 rounded-md px-2 py-2 text-sm font-medium whitespace-nowrap text-slate-600 transition-colors hover:text-slate-900 data-selected:bg-white data-selected:text-indigo-700 data-selected:shadow-sm dark:text-slate-300 dark:hover:text-white dark:data-selected:bg-slate-800 dark:data-selected:text-indigo-300",
    focusRing,
  );
  return (
    <div className="mx-auto w-full max-w-md py-2 sm:py-8">
      <div className="flex flex-col items-center text-center">
        <IconBadge icon={ShieldCheckIcon} hasRing className="size-12 rounded-2xl" iconClassName="size-7" />
        <h1 className="mt-4 text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl dark:text-white">
          {t("auth.login.title")}
        </h1>
        <p className="mt-2 text-base text-slate-600 dark:text-slate-400">{t("auth.login.description")}</p>
      </div>

      <div className="mt-8 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-7 dark:bg-slate-900 dark:ring-slate-800">
        {sso?.enabled || hasSsoFailure ? (
          <div className="mb-6 flex flex-col gap-6">
            <SsoSignIn name={sso?.enabled ? sso.name : null} />
            <div className="flex items-center gap-3 text-sm text-slate-600 dark:text-slate-400" aria-hidden="true">
              <span className="h-px flex-1 bg-slate-200 dark:bg-slate-800" />
              {t("auth.login.or")}
              <span className="h-px flex-1 bg-slate-200 dark:bg-slate-800" />
            </div>
          </div>
        ) : null}
        <TabGroup>
          <TabList
            aria-label={t("auth.login.modesLabel")}
            className="grid grid-cols-2 gap-1 rounded-lg bg-slate-100 p-1 dark:bg-slate-950/60"
          >
            <Tab className={tabClass}>
              <UserIcon className="size-4.5" />
              {t("auth.login.modes.admin")}
            </Tab>
            <Tab className={tabClass}>
              <KeyIcon className="size-4.5" />
              {t("auth.login.modes.apiKey")}
            </Tab>
          </TabList>
          <TabPanels className="mt-6">
            <TabPanel unmount={false} className="outline-none">
              {isPasswordOff ? (
                <p className="text-sm text-slate-600 dark:text-slate-400">{t("auth.login.passwordOff")}</p>
              ) : (
                <AdminAccountForm />
              )}
              {browserHasPasskeys() ? <PasskeySignIn /> : null}
            </TabPanel>
            <TabPanel unmount={false} className="outline-none">
              <ApiKeyForm />
            </TabPanel>
          </TabPanels>
        </TabGroup>
      </div>
    </div>
  );
}

type LoginFailure = { title: string; detail: string | null };

type LoginFormProps = {
  /** Checks the fields: null when one needs fixing (its message is shown), else the sign-in, which
   * resolves to the welcome toast. */
  prepare: () => (() => Promise<string>) | null;
  /** A refused sign-in: true when its issues were shown at the fields rather than above the button. */
  showFieldIssues?: (error: unknown) => boolean;
  onRefused?: (error: unknown) => void;
  children: ReactNode;
};

/** What both login modes share: one attempt at a time, the focus on the first field to fix, the
 * failure above the button, and where to go once signed in. */
function LoginForm({ prepare, showFieldIssues, onRefused, children }: LoginFormProps) {
  const { t } = useTranslation();
  const errorText = useLoginErrorText();
  const afterLogin = useAfterLogin();
  const { formRef, focusFirstInvalid } = useFocusFirstInvalid();
  const [failure, setFailure] = useState<LoginFailure | null>(null);
  const [isSubmitting, setIsSubmitting] = useState(false);
  const isMounted = useRef(true);
  useEffect(
    () => () => {
      isMounted.current = false;
    },
    [],
  );

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (isSubmitting) return;
    setFailure(null);
    const login = prepare();
    if (!login) {
      focusFirstInvalid();
      return;
    }
    setIsSubmitting(true);
    try {
      toast.success(await login());
      afterLogin();
    } catch (error) {
      // Signing in with a key can end this screen (the session changes) before the answer arrives.
      if (!isMounted.current) return;
      setIsSubmitting(false);
      if (!showFieldIssues?.(error)) setFailure(errorText(error));
      onRefused?.(error);
    }
  };

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
      {children}
      {failure ? <FormAlert title={failure.title}>{failure.detail}</FormAlert> : null}
      <Button type="submit" variant="primary" isLoading={isSubmitting} className="w-full">
        {isSubmitting ? t("auth.login.submitting") : t("auth.login.submit")}
      </Button>
    </form>
  );
}

const loginFieldOf = (path: string): LoginField | null =>
  path === "username" || path === "password" || path === "code" ? path : null;

type AccountValues = { username: string; password: string; code: string };

/**
 * The admin's sign-in: the password, then, when the server answers that a second factor is on, a code
 * from the authenticator app (or a recovery code) in the same form, the password kept for the retry.
 */
function AdminAccountForm() {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const form = useFieldForm<AccountValues, LoginField>(() => ({ username: "", password: "", code: "" }));
  // The second factors the server asked for (null until it asks): a code field, a passkey button, or both.
  const [factors, setFactors] = useState<string[] | null>(null);
  const needsCode = factors?.includes("totp") ?? false;
  const acceptsPasskey = (factors?.includes("passkey") ?? false) && browserHasPasskeys();
  const isPasskeyChosen = useRef(false);
  const codeRef = useRef<HTMLInputElement>(null);
  // Asked for when the server wants a code, done once React has drawn the field: a focus asked for in
  // the same turn as setFactors could run before the field existed on a loaded machine, and was lost.
  const [codeFocusAsks, setCodeFocusAsks] = useState(0);
  useEffect(() => {
    if (codeFocusAsks > 0) codeRef.current?.focus();
  }, [codeFocusAsks]);

  const prepare = () => {
    // Passkey only (no TOTP): submitting the form asks for the passkey.
    const withPasskey = isPasskeyChosen.current || (acceptsPasskey && !needsCode);
    isPasskeyChosen.current = false;
    const parsed = loginInput.safeParse(form.state);
    const errors = parsed.success ? {} : fieldErrorsFromIssues(parsed.error.issues, loginFieldOf);
    if (needsCode && !withPasskey && !form.state.code.trim()) errors.code = { text: t("auth.login.codeRequired") };
    form.setErrors(errors);
    if (!parsed.success || errors.code) return null;
    const { username, password } = parsed.data;
    const code = needsCode ? form.state.code.trim() : undefined;
    return async () => {
      if (withPasskey) {
        const ceremony = await authStore.passkeyLoginOptions();
        const response = await answerPasskeySignIn(ceremony.options);
        await authStore.loginAdmin(username, password, { ceremony_id: ceremony.ceremony_id, response });
      } else {
        await authStore.loginAdmin(username, password, code);
      }
      return t("auth.notices.welcomeAdmin", { name: authStore.getState().userInfo?.name ?? username });
    };
  };

  const showFieldIssues = (error: unknown) => {
    if (isSecondFactorRequired(error)) {
      // The first answer only asks for the factor; a code sent and refused is that field's message.
      const methods = secondFactorMethodsOf(error);
      if (factors && methods.includes("totp")) form.setErrors({ code: { text: errorMessage(error) } });
      setFactors(methods);
      if (factors && !methods.includes("totp")) return false;
      setCodeFocusAsks((asks) => asks + 1);
      return true;
    }
    if (isPasskeyPromptDismissed(error)) return false;
    const serverErrors = fieldErrorsFromServer(fieldIssuesOf(error), loginFieldOf);
    if (Object.keys(serverErrors).length === 0) return false;
    form.setErrors(serverErrors);
    return true;
  };

  const onRefused = (error: unknown) => {
    if (isSecondFactorRequired(error)) {
      form.setState((values) => ({ ...values, code: "" }));
      return;
    }
    if (isPasskeyPromptDismissed(error)) return;
    setFactors(null);
    form.setState((values) => ({ ...values, password: "", code: "" }));
  };

  return (
    <LoginForm prepare={prepare} showFieldIssues={showFieldIssues} onRefused={onRefused}>
      <TextField
        label={t("auth.login.username")}
        {...form.text("username")}
        name="username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        required
      />
      <PasswordField
        label={t("auth.login.password")}
        {...form.text("password")}
        name="password"
        autoComplete="current-password"
        required
      />
      {needsCode ? (
        <TextField
          inputRef={codeRef}
          label={t("auth.login.code")}
          hint={t("auth.login.codeHint")}
          {...form.text("code")}
          name="one-time-code"
          autoComplete="one-time-code"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={64}
          required
          className="[&_input]:font-mono"
        />
      ) : null}
      {acceptsPasskey ? (
        <div className="flex flex-col gap-2">
          {needsCode ? null : (
            <p className="text-sm text-slate-600 dark:text-slate-400">{t("auth.login.passkeyStep")}</p>
          )}
          {needsCode ? (
            <Button
              type="button"
              className="w-full"
              onClick={(event) => {
                isPasskeyChosen.current = true;
                event.currentTarget.form?.requestSubmit();
              }}
            >
              <FingerPrintIcon className="size-5" />
              {t("auth.login.passkeyInstead")}
            </Button>
          ) : null}
        </div>
      ) : null}
    </LoginForm>
  );
}

/** Signing in with a passkey alone: the browser offers the passkeys it has for this site. */
function PasskeySignIn() {
  const { t } = useTranslation();
  const errorText = useLoginErrorText();
  const afterLogin = useAfterLogin();
  const [failure, setFailure] = useState<LoginFailure | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const signIn = async () => {
    if (isBusy) return;
    setFailure(null);
    setIsBusy(true);
    try {
      const ceremony = await authStore.passkeyLoginOptions();
      const response = await answerPasskeySignIn(ceremony.options);
      await authStore.loginWithPasskey({ ceremony_id: ceremony.ceremony_id, response });
      toast.success(t("auth.notices.welcomeAdmin", { name: authStore.getState().userInfo?.name ?? "" }));
      afterLogin();
    } catch (error) {
      setIsBusy(false);
      setFailure(errorText(error));
    }
  };
  return (
    <div className="mt-6 flex flex-col gap-4 border-t border-slate-200 pt-6 dark:border-slate-800">
      {failure ? <FormAlert title={failure.title}>{failure.detail}</FormAlert> : null}
      <Button type="button" className="w-full" isLoading={isBusy} onClick={() => void signIn()}>
        <FingerPrintIcon className="size-5" />
        {t("auth.login.withPasskey")}
      </Button>
    </div>
  );
}

function ApiKeyForm() {
  const { t } = useTranslation();
  const [key, setKey] = useState("");
  const [fieldError, setFieldError] = useState<string | null>(null);

  const prepare = () => {
    const isMissing = !key.trim();
    setFieldError(isMissing ? t("auth.errors.apiKeyRequired") : null);
    if (isMissing) return null;
    return async () => {
      await authStore.loginWithApiKey(key);
      return t("auth.notices.welcomeKey", { name: authStore.getState().userInfo?.name ?? "" });
    };
  };

  return (
    <LoginForm prepare={prepare}>
      <PasswordField
        label={t("auth.login.apiKey")}
        value={key}
        onValueChange={setKey}
        name="api-key"
        autoComplete="off"
        required
        showLabel={t("auth.login.showKey")}
        hideLabel={t("auth.login.hideKey")}
        hint={t("auth.login.apiKeyHint")}
        error={fieldError}
        className="[&_input]:font-mono"
      />
    </LoginForm>
  );
}
