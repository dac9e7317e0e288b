// Home: the online clipboard (docs/product.md §2). Write Markdown or plain text (the draft is kept in this
// browser), choose share options, and create a link; then the link, its QR code and raw link show
// until a countdown hides them. Creating needs the admin or a key with text permission.
import DocumentTextIcon from "@heroicons/react/24/outline/DocumentTextIcon";
import { MAX_TEXT_BYTES } from "@shared/constants";
import { formatBytes } from "@shared/format-bytes";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { EditorHandle } from "../../components/editor/editor-handle";
import { FormAlert } from "../../components/forms/form-controls";
import { PageHeader } from "../../components/layout/page-header";
import { currentLanguage } from "../../i18n";
import { errorMessageOf, isUnauthorizedError } from "../../lib/api/api-errors";
import { trpc } from "../../lib/api/trpc";
import { hasPermission } from "../../lib/auth/access";
import { useAuth } from "../../lib/auth/use-auth";
import { type FieldErrors, renderFieldMessage } from "../../lib/form-messages";
import {
  buildCreateRequest,
  type CreateField,
  encryptCreateRequest,
  fieldErrorsFromCreateError,
  validateDraft,
} from "../../lib/pastes/editor/create-form";
import { draftAfterCreate, type EditorMode, type PasteDraft } from "../../lib/pastes/editor/draft-store";
import { utf8Length } from "../../lib/pastes/editor/text-stats";
import { onSyncedPaste } from "../../lib/pastes/synced-pastes";
import { useDefaultExpiry } from "../../lib/shares/forms/share-defaults";
import { isQueuedOfflineError } from "../../offline/offline-link";
import { PasteEditorPanel } from "./paste-editor-panel";
import { type CreateAccess, CreateAccessNotice, CreateFailed, PasteOptions } from "./paste-options";
import { type CreatedPaste, ShareResult } from "./share-result";
import { usePasteDraft } from "./use-paste-draft";

const EDITOR_ID = "paste-editor";

function focusFirstProblem(form: HTMLFormElement | null, errors: FieldErrors<CreateField>) {
  requestAnimationFrame(() => {
    if (!form) return;
    if (errors.content) {
      form.querySelector<HTMLElement>(`#${EDITOR_ID}, .ProseMirror`)?.focus();
      return;
    }
    form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  });
}

export default function HomeScreen() {
  const { t } = useTranslation();
  const auth = useAuth();
  const { draft, update, replace, status } = usePasteDraft();
  const [password, setPassword] = useState("");
  const [revision, setRevision] = useState(0);
  const [errors, setErrors] = useState<FieldErrors<CreateField>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [queuedNotice, setQueuedNotice] = useState<string | null>(null);
  const [encrypt, setEncrypt] = useState(false);
  const [isEncrypting, setIsEncrypting] = useState(false);
  const [created, setCreated] = useState<{ paste: CreatedPaste; password: string; linkKey?: string } | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const editorHandle = useRef<EditorHandle | null>(null);
  const create = trpc.pastes.create.useMutation();
  const defaultExpiry = useDefaultExpiry("pastes");

  // The paste this form queued offline was created by the sync: its link shows as if created now.
  const draftRef = useRef(draft);
  draftRef.current = draft;
  useEffect(
    () =>
      onSyncedPaste(({ paste, password: sentPassword }) => {
        const current = draftRef.current;
        if (current.content !== paste.content) return;
        setQueuedNotice(null);
        setFormError(null);
        setCreated({ paste, password: sentPassword });
        replace(draftAfterCreate(current));
        setRevision((value) => value + 1);
      }),
    [replace],
  );

  const access: CreateAccess = hasPermission(auth, "text")
    ? "allowed"
    : auth.authType === "none"
      ? "signedOut"
      : "noPermission";

  const changeDraft = (change: Partial<PasteDraft>) => {
    update(change);
    // An edit answers the message about that field.
    const touched = Object.keys(change) as (keyof PasteDraft)[];
    setErrors((current) => {
      const next = { ...current };
      for (const key of touched) {
        if (key === "content") delete next.content;
        if (key === "slug") delete next.slug;
        if (key === "maxViews") delete next.maxViews;
        if (key === "remark") delete next.remark;
        if (key === "expiry") delete next.expiry;
      }
      return next;
    });
  };

  const replaceContent = (content: string, mode?: EditorMode) => {
    // Edits the editor has not reported yet land first, so they cannot come back over the new text.
    editorHandle.current?.flush();
    changeDraft(mode ? { content, mode } : { content });
    setRevision((value) => value + 1);
  };

  const submit = async () => {
    if (access !== "allowed" || create.isPending || isEncrypting) return;
    setFormError(null);
    setQueuedNotice(null);
    // The editor reports typing after a pause: take what is on screen now.
    const fresh = editorHandle.current?.flush();
    const current = fresh == null ? draft : { ...draft, content: fresh };
    const found = validateDraft(current, password);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      if (!found.content) setFormError(t("pastes.create.fixFields"));
      focusFirstProblem(formRef.current, found);
      return;
    }
    const sentPassword = password;
    let request = buildCreateRequest(current, password, defaultExpiry);
    let linkKey: string | undefined;
    if (encrypt) {
      setIsEncrypting(true);
      try {
        ({ request, linkKey } = await encryptCreateRequest(request));
      } finally {
        setIsEncrypting(false);
      }
      // Base64 makes the envelope about a third larger than the text.
      if (utf8Length(request.content) > MAX_TEXT_BYTES) {
        const found = {
          content: {
            text: t("pastes.create.encryptedTooLarge", { max: formatBytes(MAX_TEXT_BYTES, currentLanguage()) }),
          },
        };
        setErrors(found);
        focusFirstProblem(formRef.current, found);
        return;
      }
    }
    create.mutate(request, {
      onSuccess: (paste) => {
        setCreated({ paste, password: sentPassword, linkKey });
        setPassword("");
        setErrors({});
        replace(draftAfterCreate(current));
        setRevision((value) => value + 1);
        window.scrollTo({ top: 0, behavior: "smooth" });
      },
      onError: (error) => {
        // Saved to the offline queue: its toast says so and reports the link once synced. Not a
        // failure, and the draft stays until then.
        if (isQueuedOfflineError(error)) {
          setFormError(null);
          setQueuedNotice(error.message);
          return;
        }
        const message = errorMessageOf(error, {
          network: t("common.networkError"),
          fallback: t("common.unknownError"),
        });
        const fieldErrors = fieldErrorsFromCreateError(error, message);
        setErrors(fieldErrors);
        if (Object.keys(fieldErrors).length > 0) {
          focusFirstProblem(formRef.current, fieldErrors);
          return;
        }
        // A 401 ends the session centrally (the auth store logs out and says why); the text stays.
        setFormError(isUnauthorizedError(error) ? t("pastes.create.sessionExpired") : message);
      },
    });
  };

  const createAnother = () => {
    setCreated(null);
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>(`#${EDITOR_ID}, .ProseMirror`)?.focus());
  };

  return (
    <div>
      <PageHeader icon={DocumentTextIcon} title={t("screens.home.title")} description={t("screens.home.description")} />
      {access !== "allowed" && !created ? (
        <div className="mt-6">
          <CreateAccessNotice access={access} />
        </div>
      ) : null}
      <div className="mt-6 sm:mt-8">
        {created ? (
          <ShareResult
            paste={created.paste}
            password={created.password}
            linkKey={created.linkKey}
            onCreateAnother={createAnother}
            canManage={hasPermission(auth, "text")}
          />
        ) : (
          <form
            ref={formRef}
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              void submit();
            }}
            className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start"
          >
            <PasteEditorPanel
              draft={draft}
              onDraftChange={changeDraft}
              revision={revision}
              onReplaceContent={replaceContent}
              draftStatus={status}
              error={renderFieldMessage(t, errors.content)}
              editorId={EDITOR_ID}
              editorHandle={editorHandle}
            />
            <div className="lg:sticky lg:top-24">
              <PasteOptions
                draft={draft}
                onDraftChange={changeDraft}
                password={password}
                onPasswordChange={(value) => {
                  setPassword(value);
                  setErrors(({ password: _, ...rest }) => rest);
                }}
                errors={errors}
                formError={
                  formError ? (
                    <CreateFailed>{formError}</CreateFailed>
                  ) : queuedNotice ? (
                    <FormAlert tone="info">{queuedNotice}</FormAlert>
                  ) : null
                }
                access={access}
                encrypt={encrypt}
                onEncryptChange={setEncrypt}
                isSubmitting={create.isPending || isEncrypting}
              />
            </div>
          </form>
        )}
      </div>
    </div>
  );
}
