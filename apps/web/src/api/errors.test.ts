import { describe, expect, it } from "vitest";
import {
  ApiError,
  extractErrorText,
  firstDetailError,
  GraphQLRequestError,
  getErrorMessage,
  isSilentGraphQLError,
  networkError,
} from "./errors.ts";

const message = "Request failed with status code 422";

describe("error text extraction", () => {
  it("S1-8.002 / server errors (>= 500) and missing responses show the error message", () => {
    expect(
      extractErrorText({ message: "Request failed with status code 500", status: 500, body: "boom" }),
    ).toBe("Request failed with status code 500");
    expect(extractErrorText({ message: "Network Error: offline", status: undefined })).toBe(
      "Network Error: offline",
    );
    expect(extractErrorText({ message: "x", status: 503, body: { errors: { detail: ["down"] } } })).toBe("x");
  });

  it("S1-8.003 / otherwise a string body is used", () => {
    expect(extractErrorText({ message, status: 400, body: "Bad things happened" })).toBe(
      "Bad things happened",
    );
  });

  it("S1-8.004 / an errors object uses its first entry, prefixed with the field name unless it is detail", () => {
    expect(
      extractErrorText({ message, status: 422, body: { errors: { detail: ["Sandbox not found"] } } }),
    ).toBe("Sandbox not found");
    expect(
      extractErrorText({
        message,
        status: 422,
        body: { errors: { username: ["has already been taken"], name: ["is too long"] } },
      }),
    ).toBe("username: has already been taken");
    expect(extractErrorText({ message, status: 422, body: { errors: { title: "can't be blank" } } })).toBe(
      "title: can't be blank",
    );
  });

  it("S1-8.005 / an error field uses its message", () => {
    expect(extractErrorText({ message, status: 403, body: { error: { message: "Not allowed" } } })).toBe(
      "Not allowed",
    );
    expect(extractErrorText({ message, status: 403, body: { error: "Forbidden" } })).toBe("Forbidden");
  });

  it("S1-8.006 / status 413 reads 'File too large, upload limit is 5MB.'", () => {
    expect(
      extractErrorText({ message, status: 413, body: "<html>413 Request Entity Too Large</html>" }),
    ).toBe("File too large, upload limit is 5MB.");
    expect(extractErrorText({ message, status: 413 })).toBe("File too large, upload limit is 5MB.");
  });

  it("S1-8.001 / falls back to the error message for bodies it does not know", () => {
    expect(extractErrorText({ message, status: 400, body: { something: 1 } })).toBe(message);
    expect(extractErrorText({ message, status: 400, body: undefined })).toBe(message);
  });

  it("S1-8.007 / network errors read 'Network Error: {detail}'", () => {
    const error = networkError(new TypeError("Failed to fetch"));
    expect(error.status).toBeUndefined();
    expect(getErrorMessage(error)).toBe("Network Error: Failed to fetch");
  });

  it("S1-8.007 / GraphQL errors whose path starts with githubRepo are silent", () => {
    expect(
      isSilentGraphQLError(
        new GraphQLRequestError("GetGithubRepo", [{ message: "no", path: ["githubRepo"] }]),
      ),
    ).toBe(true);
    const shown = new GraphQLRequestError("AllTeams", [{ message: "Boom", path: ["me", "workspaces"] }]);
    expect(isSilentGraphQLError(shown)).toBe(false);
    expect(getErrorMessage(shown)).toBe("Boom");
  });

  it("S2-8.002 / reads the first detail error for the developer sign-in", () => {
    const error = new ApiError(message, { status: 422, body: { errors: { detail: ["Invalid code"] } } });
    expect(firstDetailError(error)).toBe("Invalid code");
    expect(firstDetailError(new Error("x"))).toBeUndefined();
  });
});
