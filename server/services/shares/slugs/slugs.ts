// Generated slugs (docs/rules.md): 12 characters of [A-Za-z0-9] from a cryptographic source; a few
// tries on collision, then one character longer.
import { GENERATED_SLUG_LENGTH } from "@shared/constants";
import { isReservedSlug } from "@shared/share-field-rules";

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
const TRIES_PER_LENGTH = 5;

export function randomSlug(length = GENERATED_SLUG_LENGTH): string {
  // 62 does not divide 256: drop bytes >= 248 so every character is equally likely.
  let slug = "";
  while (slug.length < length) {
    for (const byte of crypto.getRandomValues(new Uint8Array(length * 2))) {
      if (byte < 248 && slug.length < length) slug += ALPHABET[byte % 62];
    }
  }
  return slug;
}

/** A slug for which `isTaken` answers false. */
export async function generateUniqueSlug(isTaken: (slug: string) => Promise<boolean>): Promise<string> {
  for (let length = GENERATED_SLUG_LENGTH; ; length++) {
    for (let attempt = 0; attempt < TRIES_PER_LENGTH; attempt++) {
      const slug = randomSlug(length);
      if (!isReservedSlug(slug) && !(await isTaken(slug))) return slug;
    }
  }
}

type LinkSlugTables = {
  pathShare: { count(args: { where: { slug: string } }): Promise<number> };
  shareSet: { count(args: { where: { slug: string } }): Promise<number> };
};

/** A slug for a /s/ link: files and folders shared in place and sets of files share that page. */
export function generateUniqueLinkSlug(db: LinkSlugTables): Promise<string> {
  return generateUniqueSlug(
    async (candidate) =>
      (await db.pathShare.count({ where: { slug: candidate } })) +
        (await db.shareSet.count({ where: { slug: candidate } })) >
      0,
  );
}
