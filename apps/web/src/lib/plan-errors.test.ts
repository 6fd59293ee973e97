import { describe, expect, it } from "vitest";
import { ApiError } from "./api-client";
import { apiErrorCode, planLoadErrorText } from "./plan-errors";

const FALLBACK = "We couldn't load your meal plan. Please check your connection and try again.";

describe("apiErrorCode", () => {
  it("is the server's code, or null for other faults", () => {
    expect(apiErrorCode(new ApiError(403, "pro_required", "Pro only"))).toBe("pro_required");
    expect(apiErrorCode(new TypeError("Failed to fetch"))).toBeNull();
  });
});

describe("planLoadErrorText", () => {
  it("shows a refusal's own message and the fallback for server and connection faults", () => {
    expect(planLoadErrorText(new ApiError(422, "profile_incomplete", "Finish your profile"), FALLBACK)).toBe(
      "Finish your profile",
    );
    expect(planLoadErrorText(new ApiError(500, "internal", "Boom"), FALLBACK)).toBe(FALLBACK);
    expect(planLoadErrorText(new TypeError("Failed to fetch"), FALLBACK)).toBe(FALLBACK);
  });
});
