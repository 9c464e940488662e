import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'

export default tseslint.config(
  { ignores: ['build/**', '.react-router/**', 'node_modules/**', '.cache/**', 'data/**', 'test-results/**', 'playwright-report/**', 'bench/bare-react-router/build/**', 'bench/bare-react-router/.react-router/**'] },
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': [
        'error',
        { selector: "CallExpression[callee.object.name=/^(test|it|describe)$/][callee.property.name='only']", message: 'No .only in committed tests.' },
      ],
    },
  },
)
