import { expect, it } from "vitest";
import type { ProfileResponse } from "@fitwise/contracts/profile";
import { describeWithDatabases } from "../../test/test-app";
import { callFunction, callOk, makePro, PROFILE } from "../../test/plan-journey.fixture";

// The profile answer and the verified session are cached in-process (docs/decisions/036); what a
// request changes is seen by the next request at once, a change made behind the server's back only
// within the TTL.
describeWithDatabases(
  "signed-in read caches",
  ({ app, db, signUp }) => {
    const readProfile = (token: string) =>
      callOk<ProfileResponse>(app(), "get_user_data", { table: "my_users" }, token);

    it("serves a repeated profile read from the cache, and a write through the server at once", async () => {
      const { accessToken, userId } = await signUp();
      await callOk(app(), "write_user_data", PROFILE, accessToken);
      expect((await readProfile(accessToken)).user_pro).toBe(0);

      // Behind the server's back (another instance's webhook): this instance still has the cached answer.
      await makePro(db(), userId, "active");
      expect((await readProfile(accessToken)).user_pro).toBe(0);

      // Any write by the same user drops the cached answer before its own answer is sent.
      await callOk(app(), "write_user_data", { user_age: 41 }, accessToken);
      const fresh = await readProfile(accessToken);
      expect(fresh.user_age).toBe(41);
      expect(fresh.user_pro).toBe(1);
    });

    it("keeps one user's cached answer when another user writes", async () => {
      const first = await signUp();
      const second = await signUp();
      await callOk(app(), "write_user_data", PROFILE, first.accessToken);
      await callOk(app(), "write_user_data", PROFILE, second.accessToken);
      expect((await readProfile(first.accessToken)).user_pro).toBe(0);
      await makePro(db(), first.userId, "active");
      await callOk(app(), "write_user_data", { user_age: 52 }, second.accessToken);
      expect((await readProfile(first.accessToken)).user_pro).toBe(0);
      expect((await readProfile(second.accessToken)).user_age).toBe(52);
    });

    it("stops accepting a session's token at once after logout, though it was cached", async () => {
      const { accessToken } = await signUp();
      await callOk(app(), "write_user_data", PROFILE, accessToken);
      await readProfile(accessToken);
      const logout = await app().inject({
        method: "POST",
        url: "/auth/v1/logout?scope=local",
        headers: { authorization: `Bearer ${accessToken}` },
      });
      expect(logout.statusCode).toBe(204);
      const after = await callFunction(app(), "get_user_data", { table: "my_users" }, accessToken);
      expect(after.statusCode).toBe(401);
    });
  },
  // A TTL far longer than any test, so no assertion depends on how fast the machine is.
  { config: { profileCacheTtlMs: 600_000 } },
);
