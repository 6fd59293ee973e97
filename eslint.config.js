import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";

export default tseslint.config(
  { ignores: ["**/node_modules/**", "**/dist/**", "data/**", "test-results/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "no-restricted-syntax": [
        "error",
        {
          selector: "MemberExpression[object.name='process'][property.name='env']",
          message: "Read configuration through apps/server/src/env.ts only.",
        },
      ],
    },
  },
  {
    files: [
      "apps/server/src/env.ts",
      "apps/server/src/server.ts",
      "apps/server/src/test/**",
      "e2e/**",
      "**/*.config.ts",
      "**/*.test.ts",
      "**/bench/**",
      ".ci/**",
    ],
    rules: { "no-restricted-syntax": "off" },
  },
  {
    files: ["apps/web/**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { "react-hooks": reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Features never import each other (bulletproof-react); shared code lives in src/components or src/lib.
    files: ["apps/web/src/features/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["**/features/*/**", "!./**", "!../**"],
              message: "Features must not import other features.",
            },
          ],
        },
      ],
    },
  },
);
