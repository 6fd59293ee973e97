import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";

export default tseslint.config(
  {
    ignores: [
      "**/node_modules/**",
      "**/dist/**",
      "data/**",
      "test-results/**",
      "scripts/guardrails-fixtures/**",
    ],
  },
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
    // Type-aware rules, a chosen few (docs/decisions/016-guardrails.md): each catches a real class of bug
    // that the compiler lets through. Which feature may import what is dependency-cruiser's job
    // (.dependency-cruiser.cjs), which also sees relative imports.
    files: ["**/*.{ts,tsx}"],
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ["vitest.config.ts"] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": "error",
      "@typescript-eslint/await-thenable": "error",
      "@typescript-eslint/no-unnecessary-type-assertion": "error",
    },
  },
);
