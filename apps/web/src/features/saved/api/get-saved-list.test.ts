import { describe, expect, it } from "vitest";
import { ApiError } from "../../../lib/api-client";
import { savedListErrorMessage } from "./get-saved-list";

describe("savedListErrorMessage (docs/product.md §9 Saved list)", () => {
  it("asks to log in when there is no session", () => {
    expect(
      savedListErrorMessage(new ApiError(401, "no_authorization", "No active session found. Please log in.")),
    ).toBe("No active session found. Please log in.");
  });

  it("asks to log in again when the server refuses the token", () => {
    expect(savedListErrorMessage(new ApiError(401, "bad_jwt", "invalid JWT"))).toBe(
      "Invalid session data. Please log in again.",
    );
  });

  it("says nothing was found on 404", () => {
    expect(savedListErrorMessage(new ApiError(404, "not_found", "Not found"))).toBe("No saved plans found.");
  });

  it("reports an answer of the wrong shape", () => {
    expect(
      savedListErrorMessage(
        new ApiError(200, "unexpected_response", "Received unexpected data format from server."),
      ),
    ).toBe("Received unexpected data format from server.");
  });

  it("falls back to the generic text for server and network failures", () => {
    const generic = "Failed to fetch saved plans. Please try again later.";
    expect(savedListErrorMessage(new ApiError(500, "internal", "boom"))).toBe(generic);
    expect(savedListErrorMessage(new ApiError(0, "network_error", "offline"))).toBe(generic);
    expect(savedListErrorMessage(new TypeError("x"))).toBe(generic);
  });
});
