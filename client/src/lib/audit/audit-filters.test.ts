// The audit screen's filters as the server receives them: days become the start of the first day and
// the start of the day after the last (so the last day counts), a backwards period is caught before
// any request, and the export link carries the same filters.
import { describe, expect, test } from "bun:test";
import { auditExportHref, auditQueryOf, EMPTY_AUDIT_FILTERS } from "./audit-filters";

describe("audit filters", () => {
  test("nothing chosen asks for everything", () => {
    expect(auditQueryOf(EMPTY_AUDIT_FILTERS)).toEqual({});
    expect(auditExportHref({})).toBe("/api/admin/audit/export");
  });

  test("the last day is included: the period ends when the next day starts", () => {
    const query = auditQueryOf({ ...EMPTY_AUDIT_FILTERS, fromDay: "2026-03-01", toDay: "2026-03-01" });
    expect(query).toEqual({ from: new Date(2026, 2, 1), to: new Date(2026, 2, 2) });
    const monthEnd = auditQueryOf({ ...EMPTY_AUDIT_FILTERS, toDay: "2026-02-28" });
    expect(monthEnd).toEqual({ to: new Date(2026, 2, 1) });
  });

  test("a period ending before it starts is refused; an address is trimmed", () => {
    expect(auditQueryOf({ ...EMPTY_AUDIT_FILTERS, fromDay: "2026-03-02", toDay: "2026-03-01" })).toBe("dateRange");
    expect(auditQueryOf({ ...EMPTY_AUDIT_FILTERS, address: "  203.0.113. " })).toEqual({ address: "203.0.113." });
  });

  test("the export link carries every filter", () => {
    const from = new Date(Date.UTC(2026, 2, 1));
    const href = auditExportHref({ event: "login", outcome: "failure", address: "10.0.", from });
    const url = new URL(href, "http://localhost");
    expect(url.pathname).toBe("/api/admin/audit/export");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      event: "login",
      outcome: "failure",
      address: "10.0.",
      from: "2026-03-01T00:00:00.000Z",
    });
  });
});
