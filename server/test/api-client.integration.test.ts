// The test client's typed calls on SQLite and Postgres: `procedure(name, input, options)` finds the
// procedure's REST route, fills its path parameters from the input and sends the rest as query or
// body; input and answer are typed by the router (a wrong field is a type error, not a silent 400).
import { beforeAll, describe, expect, test } from "bun:test";
import { createApiKey, loginAdmin } from "./api-client";
import { DATABASE_PROVIDERS, useTestApp } from "./harness";

describe.each(DATABASE_PROVIDERS)("typed procedure calls on %s", (provider) => {
  const { api } = useTestApp(provider);
  let admin: string;
  let key: string;

  beforeAll(async () => {
    admin = await loginAdmin(api);
    key = (await createApiKey(api, admin, { text_permission: true })).auth;
  });

  test("a body (POST), a path parameter (GET) and a path parameter with a body (PUT)", async () => {
    const created = await api.procedure("pastes.create", { content: "typed hello", max_views: 5 }, { auth: key });
    expect(created.status).toBe(201);
    const { slug } = created.body.data;
    expect(slug).toBeString();
    const read = await api.procedure("pastes.get", { id: slug }, { auth: key });
    expect(read.body.data).toMatchObject({ slug, content: "typed hello", max_views: 5 });
    const changed = await api.procedure("pastes.update", { id: slug, remark: "noted" }, { auth: key });
    expect(changed.status).toBe(200);
    expect(changed.body.data.remark).toBe("noted");
  });

  test("an operation the admin and keys share: the key's route by default, the admin's by variant", async () => {
    const { body } = await api.procedure("pastes.create", { content: "shared route" }, { auth: key });
    const asAdmin = await api.procedure("pastes.get", { id: body.data.slug }, { auth: admin, variant: "admin" });
    expect(asAdmin.body.data.content).toBe("shared route");
    // The admin's route refuses the key, as the server declares.
    expect((await api.procedure("pastes.get", { id: body.data.slug }, { auth: key, variant: "admin" })).status).toBe(
      403,
    );
    expect((await api.procedure("pastes.delete", { id: body.data.slug }, { auth: key })).body.data.deleted).toBe(1);
  });
});
