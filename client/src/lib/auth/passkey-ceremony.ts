// The browser's side of a passkey ceremony through @simplewebauthn/browser, loaded only when a passkey
// is used (the login screen's weight budget, docs/performance.md): the server's options in, the
// authenticator's answer out, and a cancelled or timed-out prompt told apart from a real failure.
import type { PasskeyAnswer } from "./store/auth-api";

type CreationOptions = Parameters<typeof import("@simplewebauthn/browser").startRegistration>[0]["optionsJSON"];
type RequestOptions = Parameters<typeof import("@simplewebauthn/browser").startAuthentication>[0]["optionsJSON"];

/** The authenticator's answer to a sign-in ceremony (options from passkeys.loginOptions). */
export async function answerPasskeySignIn(options: Record<string, unknown>): Promise<PasskeyAnswer["response"]> {
  const { startAuthentication } = await import("@simplewebauthn/browser");
  // The same JSON the server's schema checks; its extension results are an open record there.
  const answer = await startAuthentication({ optionsJSON: options as unknown as RequestOptions });
  return { ...answer, clientExtensionResults: { ...answer.clientExtensionResults } };
}

/** A new passkey's answer to a registration ceremony (options from passkeys.registerOptions). */
export async function createPasskey(options: Record<string, unknown>) {
  const { startRegistration } = await import("@simplewebauthn/browser");
  const answer = await startRegistration({ optionsJSON: options as unknown as CreationOptions });
  return { ...answer, clientExtensionResults: { ...answer.clientExtensionResults } };
}

/** The person closed the browser's prompt, or it timed out: nothing to report but that. */
export function isPasskeyPromptDismissed(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const cause = (error as { cause?: unknown }).cause;
  const name = cause instanceof Error ? cause.name : error.name;
  return name === "NotAllowedError" || name === "AbortError";
}

/** This browser cannot use passkeys at all (no WebAuthn). */
export function browserHasPasskeys(): boolean {
  return typeof window !== "undefined" && typeof window.PublicKeyCredential === "function";
}
