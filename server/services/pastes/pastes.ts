// Text pastes: creation, the counted view (docs/rules.md "Views, expiry and deletion"), management by
// the admin (all pastes) and by API-key holders (their own), and purging of expired or used-up pastes.

import { parseEnvelope } from "@shared/encryption/encrypted-share";
import type { createPasteInput, listPastesInput, PasteView, updatePasteInput } from "@shared/schemas/pastes";
import type { z } from "zod";
import type { Database, DatabaseProvider } from "../../db/client";
import { type CountedPaste, countedPasteSelect, type ViewCounter } from "../../db/view-counter/view-counter";
import { AppError } from "../../errors";
import { type AuthState, creatorOf } from "../auth/sessions";
import {
  hashSharePassword,
  isExhausted,
  isExpired,
  newShareExpiry,
  ownedBy,
  passwordHashUpdate,
  requestedExpiry,
  verifySharePassword,
} from "../shares/delivery";
import { keptShareTotal, listSharePage, type ShareTable } from "../shares/share-list";
import { rememberPurged } from "../shares/slugs/purged-slugs";
import { assertSlugGuessesLeft, slugMissed } from "../shares/slugs/slug-guesses";
import { generateUniqueSlug } from "../shares/slugs/slugs";
import { inSearchSlot } from "../system/search-slots";
import { withRenderedMarkdown } from "./markdown-html";
import { pasteSummaryColumns, previewOf } from "./paste-summary";

const pasteSelect = { ...countedPasteSelect, id: true, createdBy: true, updatedAt: true } as const;

/**
 * What a list reads of each paste: everything but the content, whose preview and length are stored
 * beside it (services/pastes/paste-summary.ts). A list page never reads a paste's content.
 */
const summarySelect = (() => {
  const { content: _content, ...rest } = pasteSelect;
  return { ...rest, preview: true, contentLength: true } as const;
})();

/** A paste as management sees it: the delivered columns plus who made it and when it changed. */
type PasteRow = Omit<CountedPaste, "hasPassword"> & {
  id: string;
  passwordHash: string | null;
  createdBy: string;
  updatedAt: Date;
};

type PasteFormat = "markdown" | "text";

/** What the management functions need: the database and where share links point. */
export type PasteDeps = { db: Database; config: { publicUrl: string; databaseProvider: DatabaseProvider } };

export function pasteLinks(publicUrl: string, slug: string) {
  const encoded = encodeURIComponent(slug);
  return { url: `${publicUrl}/paste/${encoded}`, raw_url: `${publicUrl}/api/raw/${encoded}` };
}

/** A paste row as a list reads it: without its content, with its stored preview and length. */
type SummaryRow = Omit<PasteRow, "content"> & { preview: string; contentLength: number };

/** The fields a delivery and the management list share (a delivery adds the content). */
function sharedFields(paste: Omit<CountedPaste, "content">, publicUrl: string) {
  return {
    slug: paste.slug,
    ...pasteLinks(publicUrl, paste.slug),
    format: paste.format as PasteFormat,
    encrypted: paste.encrypted,
    has_password: paste.hasPassword,
    expires_at: paste.expiresAt,
    max_views: paste.maxViews,
    views: paste.views,
    created_at: paste.createdAt,
  };
}

/** What management shows of a paste beside its content or its summary. */
function managedFields(row: Omit<PasteRow, "content">, publicUrl: string, now: Date) {
  return {
    id: row.id,
    ...sharedFields({ ...row, hasPassword: row.passwordHash !== null }, publicUrl),
    remark: row.remark,
    is_expired: isExpired(row, now) || isExhausted(row),
    created_by: row.createdBy,
    updated_at: row.updatedAt,
  };
}

function toPaste(row: PasteRow, publicUrl: string, now = new Date()) {
  return { ...managedFields(row, publicUrl, now), content: row.content };
}

function toSummary(row: SummaryRow, publicUrl: string, now = new Date()) {
  return { ...managedFields(row, publicUrl, now), preview: previewOf(row), content_length: row.contentLength };
}

export async function createPaste(
  { db, config }: PasteDeps,
  auth: AuthState,
  input: z.output<typeof createPasteInput>,
) {
  const expiresAt = await newShareExpiry(db, "paste", input);
  const slugTaken = async (slug: string) =>
    (await db.paste.findUnique({ where: { slug }, select: { id: true } })) !== null;
  const slug = input.slug ?? (await generateUniqueSlug(slugTaken));
  if (input.slug && (await slugTaken(input.slug))) throw new AppError("CONFLICT", "errors.slugTaken");
  const passwordHash = await hashSharePassword(input.password);
  try {
    const row = await db.paste.create({
      data: {
        slug,
        content: input.content,
        ...pasteSummaryColumns(input.content, input.encrypted),
        format: input.format,
        encrypted: input.encrypted,
        remark: input.remark,
        passwordHash,
        expiresAt,
        maxViews: input.max_views,
        createdBy: creatorOf(auth),
      },
      select: pasteSelect,
    });
    return toPaste(row, config.publicUrl);
  } catch (error) {
    // The unique index settles two creations of the same slug at once.
    if (await slugTaken(slug)) throw new AppError("CONFLICT", "errors.slugTaken");
    throw error;
  }
}

export type ViewRequest = { slug: string; password?: string; clientIp: string };

function toView(paste: CountedPaste, publicUrl: string): PasteView {
  return { ...sharedFields(paste, publicUrl), content: paste.content, requires_password: false };
}

/**
 * One delivery of a paste. Without a password a protected paste answers its metadata only (no view
 * counted). The view is counted by the view counter's one conditional UPDATE (db/view-counter/view-counter.ts), so
 * exactly max_views deliveries succeed however many requests race, across processes; expired or
 * used-up pastes answer 410 and are purged.
 */
export async function viewPaste(
  { db, viewCounter, config }: PasteDeps & { viewCounter: ViewCounter },
  request: ViewRequest,
  now = new Date(),
): Promise<PasteView> {
  assertSlugGuessesLeft(db, request.clientIp);
  // The common case in one statement: an unprotected, live paste.
  const counted = request.password ? null : await viewCounter.count(request.slug, now);
  if (counted) return toView(counted, config.publicUrl);
  // Not counted: the row says why (absent, gone, protected), or the password unlocks it.
  const row = await db.paste.findUnique({ where: { slug: request.slug }, select: pasteSelect });
  if (!row) {
    throw await slugMissed(db, request.clientIp, "errors.pasteNotFound", {
      kind: "paste",
      slug: request.slug,
      expiredMessage: "errors.pasteExpired",
    });
  }
  await refuseIfGone(db, row, now);
  if (row.passwordHash) {
    if (request.password === undefined || request.password === "") {
      return { ...toView({ ...row, hasPassword: true }, config.publicUrl), content: null, requires_password: true };
    }
    await verifySharePassword(db, row.passwordHash, request.password, `${request.clientIp}:paste:${row.slug}`);
  }
  const unlocked = await viewCounter.count(row.slug, now, { unlocked: row.passwordHash !== null });
  if (unlocked) return toView(unlocked, config.publicUrl);
  const latest = await db.paste.findUnique({ where: { id: row.id }, select: pasteSelect });
  if (!latest) throw new AppError("NOT_FOUND", "errors.pasteNotFound");
  await refuseIfGone(db, latest, now);
  // Neither expired nor used up, yet not counted: the row changed under us; the caller may retry.
  throw new AppError("CONFLICT", "errors.conflict");
}

async function refuseIfGone(db: Database, row: PasteRow, now: Date) {
  const expired = isExpired(row, now);
  if (!expired && !isExhausted(row)) return;
  await rememberPurged(db, "paste", [{ slug: row.slug, reason: expired ? "expired" : "used_up" }], now);
  await db.paste.deleteMany({ where: { id: row.id } });
  throw new AppError("GONE", expired ? "errors.pasteExpired" : "errors.viewLimitReached");
}

/**
 * Opening a paste by its link (the paste page, REST GET and POST /paste/{slug}): one delivery, with a
 * Markdown paste's HTML rendering when `html` asks for it (decision 0012).
 */
export async function openPaste(
  deps: PasteDeps & { viewCounter: ViewCounter },
  request: ViewRequest & { html?: boolean },
): Promise<PasteView> {
  return withRenderedMarkdown(await viewPaste(deps, request), request.html);
}

/** The paste list's table (services/shares/share-list.ts): a page reads the summary columns, never the content. */
function pasteTable(db: Database): ShareTable<SummaryRow> {
  return {
    table: "Paste",
    kind: "paste",
    columns: Object.keys(summarySelect),
    dates: ["expiresAt", "createdAt", "updatedAt"],
    booleans: ["encrypted"],
    numbers: ["maxViews", "views", "contentLength"],
    complete: async (_driver, rows) => rows as SummaryRow[],
    listed: {},
    listedSql: [],
    // Ciphertext is not searched: it would only match by chance.
    searchColumns: [
      { name: "slug" },
      { name: "remark" },
      { name: "content", when: `"encrypted" = 0`, sampleFrom: "preview" },
    ],
    searchWhere: (contains) => ({
      OR: [{ slug: contains }, { remark: contains }, { content: contains, encrypted: false }],
    }),
    findMatches: (where, take) => db.paste.findMany({ where, select: { id: true, createdAt: true }, take }),
    findRows: (args) => db.paste.findMany({ ...args, select: summarySelect }),
    count: (where) => db.paste.count({ where }),
    keptTotal: (driver, creators) => keptShareTotal(driver, { kind: "paste", creators }),
  };
}

export async function listPastes({ db, config }: PasteDeps, auth: AuthState, input: z.output<typeof listPastesInput>) {
  const offset = input.offset ?? ((input.page ?? 1) - 1) * input.limit;
  const { rows, pagination } = await listSharePage(db, config.databaseProvider, pasteTable(db), auth, {
    ...input,
    offset,
  });
  const now = new Date();
  return { pastes: rows.map((row) => toSummary(row, config.publicUrl, now)), pagination };
}

/**
 * The id of the caller's paste named by `key`: its id, or its slug (the CloudPaste document updates
 * pastes by slug). An id is tried first, so a slug that happens to equal another paste's id never
 * reaches that paste.
 */
async function ownPasteId(db: Database, auth: AuthState, key: string): Promise<string> {
  const byId = await db.paste.findFirst({ where: { id: key, ...ownedBy(auth) }, select: { id: true } });
  const row = byId ?? (await db.paste.findFirst({ where: { slug: key, ...ownedBy(auth) }, select: { id: true } }));
  if (!row) throw new AppError("NOT_FOUND", "errors.pasteNotFound");
  return row.id;
}

/** A listing, a search taking one of the few search slots (services/system/search-slots.ts). */
export function listPastesFor(
  deps: PasteDeps,
  caller: { auth: AuthState; clientIp: string },
  input: z.output<typeof listPastesInput>,
) {
  const list = () => listPastes(deps, caller.auth, input);
  return input.search ? inSearchSlot(caller, list) : list();
}

export async function getPaste({ db, config }: PasteDeps, auth: AuthState, key: string) {
  const id = await ownPasteId(db, auth, key);
  const row = await db.paste.findFirst({ where: { id, ...ownedBy(auth) }, select: pasteSelect });
  if (!row) throw new AppError("NOT_FOUND", "errors.pasteNotFound");
  return toPaste(row, config.publicUrl);
}

export async function updatePaste(deps: PasteDeps, auth: AuthState, input: z.output<typeof updatePasteInput>) {
  const { db } = deps;
  const expiresAt = requestedExpiry(input);
  const passwordHash = await passwordHashUpdate(input.password);
  const id = await ownPasteId(db, auth, input.id);
  const { encrypted } = await refuseServerSideChangesOfEncrypted(db, id, input);
  const result = await db.paste.updateMany({
    where: { id, ...ownedBy(auth) },
    data: {
      content: input.content,
      ...(input.content === undefined ? {} : pasteSummaryColumns(input.content, encrypted)),
      format: input.format,
      remark: input.remark === undefined ? undefined : input.remark?.trim() || null,
      passwordHash,
      expiresAt,
      maxViews: input.max_views,
    },
  });
  if (result.count === 0) throw new AppError("NOT_FOUND", "errors.pasteNotFound");
  return getPaste(deps, auth, id);
}

/** An encrypted paste keeps an envelope as its content and has no server-checked password; answers whether it is one. */
async function refuseServerSideChangesOfEncrypted(
  db: Database,
  id: string,
  input: Pick<z.output<typeof updatePasteInput>, "content" | "password">,
) {
  const row = await db.paste.findUnique({ where: { id }, select: { encrypted: true } });
  if (!row?.encrypted) return { encrypted: false };
  if ((input.content !== undefined && !parseEnvelope(input.content)) || input.password) {
    throw new AppError("BAD_REQUEST", "errors.encryptedNotEditable");
  }
  return { encrypted: true };
}

/** Deletes one paste named by its id or slug. */
export async function deletePaste(db: Database, auth: AuthState, key: string) {
  return deletePastes(db, auth, [await ownPasteId(db, auth, key)]);
}

export async function deletePastes(db: Database, auth: AuthState, ids: string[]) {
  const result = await db.paste.deleteMany({ where: { id: { in: ids }, ...ownedBy(auth) } });
  if (result.count === 0) throw new AppError("NOT_FOUND", "errors.pasteNotFound");
  return { deleted: result.count };
}

/** Deletes expired and used-up pastes (the admin's clear-expired, and the periodic sweep). */
/** Pastes removed per round of the sweep. */
const PURGE_BATCH = 500;

export async function purgeGonePastes(db: Database, now = new Date()) {
  const gone = {
    OR: [{ expiresAt: { lte: now } }, { AND: [{ maxViews: { gt: 0 } }, { views: { gte: db.paste.fields.maxViews } }] }],
  };
  let deleted = 0;
  for (;;) {
    const rows = await db.paste.findMany({
      where: gone,
      select: { id: true, slug: true, expiresAt: true },
      take: PURGE_BATCH,
    });
    if (rows.length === 0) break;
    // Their links answer 410 after the rows are gone (services/shares/slugs/purged-slugs.ts).
    const reasonOf = (row: (typeof rows)[number]) =>
      row.expiresAt && row.expiresAt <= now ? ("expired" as const) : ("used_up" as const);
    await rememberPurged(
      db,
      "paste",
      rows.map((row) => ({ slug: row.slug, reason: reasonOf(row) })),
      now,
    );
    const result = await db.paste.deleteMany({ where: { AND: [{ id: { in: rows.map((row) => row.id) } }, gone] } });
    deleted += result.count;
    if (rows.length < PURGE_BATCH) break;
  }
  return { deleted };
}
