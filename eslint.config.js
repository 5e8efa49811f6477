// One ESLint config for the whole repository. Import direction is a rule, not a habit (docs/style.md #1):
// shared code (lib, components) -> features -> app, and a feature never reaches into another feature.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importBoundaries from './scripts/eslint/import-boundaries.js';
import serverBoundaries from './scripts/eslint/server-boundaries.js';
import noIssueCitations from './scripts/eslint/no-issue-citations.js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// the server never imports the panel or the phone: they share only the contract
const notPanelNorPhone = {
  group: [
    '@escudo/web',
    '@escudo/web/*',
    '@escudo/phone',
    '@escudo/phone/*',
    '**/apps/web/**',
    '**/apps/phone/**',
    '../../../web/**',
    '../../../phone/**',
    '../../../../web/**',
    '../../../../phone/**',
  ],
  message: 'Share code through @escudo/contract.',
};

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '**/test-results/**', '**/playwright-report/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
      // the team's rule: a function short enough for a reader to hold in their head
      'max-lines-per-function': ['error', { max: 150 }],
    },
  },
  {
    // comments and test names cite decisions and docs, not issues (docs/style.md #12)
    plugins: { 'escudo-docs': { rules: { 'no-issue-citations': noIssueCitations } } },
    rules: { 'escudo-docs/no-issue-citations': 'error' },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, escudo: { rules: { 'import-boundaries': importBoundaries } } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'escudo/import-boundaries': ['error', { webSrc: './apps/web/src' }],
    },
  },
  {
    // the server never imports the panel and vice versa; both share only the contract
    files: ['apps/server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [notPanelNorPhone],
        },
      ],
    },
  },
  {
    // the server's folders form a ladder: lib/ → features/ → the assembly (app/, main.ts). A feature
    // reacts to another's change through an event (lib/events.ts); the uses below are the only
    // imports between features, each a look-up, a lower feature it is built on, or the tables its own
    // tables refer to (a foreign key imports the other feature's *.schema.ts).
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/**/*.test.ts'],
    plugins: { escudo: { rules: { 'server-boundaries': serverBoundaries } } },
    rules: {
      'escudo/server-boundaries': [
        'error',
        {
          serverSrc: './apps/server/src',
          uses: {
            // the review of a reclaimed account (decision 050): when it was reclaimed and its password
            // (accounts, auth), the phones and network made before (devices, network), removed through
            // their own removal (device-removal, network)
            'account-review': ['accounts', 'auth', 'device-removal', 'devices', 'network'],
            // whose log it is and to whom its notices go
            activity: ['accounts'],
            // an account's zone and place, its plan (the starter trial, what a plan includes), and the
            // sponsor it signed up through, whose plan it starts
            accounts: ['geography', 'plans', 'sponsors'],
            // the owner and the phone an SOS is about; its messages and e-mails go to the network's members
            alerts: ['accounts', 'devices', 'network'],
            // the customer an operator attends, by e-mail; who opened, noted and shared
            // (activity: an operator's look at an atención goes into the customer's log)
            atenciones: ['accounts', 'activity'],
            // the account of an e-mail, its sessions and tokens; a sign-up link's codes, checked before
            // the account is made; sign-ins, sessions ended, password and e-mail changes go into its
            // activity log and security e-mails, and a refused sign-in's message uses its date format;
            // whether two-step sign-in is on, its challenge and codes
            auth: ['accounts', 'activity', 'network', 'sales', 'sponsors', 'two-factor'],
            // the central's events (decision 062): the customer and the phone an event is about, the SOS
            // that raised it (alerts); its last position reads the alert's and the lost phone's reports;
            // handling one shows the customer's network and atenciones, opens an atención for it, and
            // each take, look and close goes into the customer's activity; the phone's route while
            // tracking is on
            central: [
              'accounts',
              'activity',
              'alerts',
              'atenciones',
              'devices',
              'lostphone',
              'network',
              'tracking',
            ],
            // the owner's device an order goes to; an owner's order writes its line in the account's
            // activity in the database's own call (decision 061)
            commands: ['activity', 'devices'],
            // closing an account (decision 038): its password check (two-factor) and sessions (auth), the
            // account row and its log (accounts, activity), and the phones told once it is gone (devices);
            // what else it erases, keeps or waits for, each feature declares (lib/personal-data.ts)
            deletion: ['accounts', 'activity', 'auth', 'devices', 'two-factor'],
            // whether payments go to Flow's sandbox
            config: ['payments'],
            // taking a phone off an account (decision 044): the password check (two-factor, with its
            // per-session limit), the phone itself (devices), the activity entry and notice, and the
            // deletion's queue of files to remove; what the phone left open, each feature declares
            // (lib/personal-data.ts)
            'device-removal': ['activity', 'deletion', 'devices', 'two-factor'],
            // a phone belongs to an account, and its plan says how many it may have
            devices: ['accounts', 'plans'],
            // lost mode is an order to the phone (commands); the owner's name and the type of a network
            // e-mail; lock, lost mode and wipe orders go into the owner's activity and security e-mails
            lostphone: ['accounts', 'activity', 'commands', 'devices', 'network'],
            // the owner and the members are accounts; the owner's plan bounds the network; an invitation
            // sent goes into the owner's activity
            network: ['accounts', 'activity', 'plans'],
            // an operator is an account whose sessions end when disabled (auth)
            operators: ['accounts', 'auth'],
            // the account that pays and its plan row; the plan catalogue, its prices and the period rule
            payments: ['accounts', 'plans'],
            // the referred accounts, and their paid orders
            sales: ['accounts', 'payments'],
            // a data export (decision 037): the account's name for LEEME.txt (accounts), its activity entry and the date of
            // its e-mail (activity), the second step of two-step sign-in when on (two-factor); what goes in
            // it, each feature declares (lib/personal-data.ts)
            export: ['accounts', 'activity', 'two-factor'],
            // the accounts whose current plan ends soon, and the plan's name
            reminders: ['accounts', 'plans'],
            // reference data, and the demo accounts with their phones and an atención
            seed: ['accounts', 'atenciones', 'devices', 'geography', 'operators', 'plans'],
            // the sponsor's plan, and the period rule it follows like a paid one
            sponsors: ['plans'],
            // a route is opened by an order to the phone; whether the account's plan includes tracking
            // (activity: a route ordered goes into the owner's log)
            tracking: ['accounts', 'activity', 'commands', 'devices', 'plans'],
            // the account's details list its devices, zone and plan; a new e-mail must be free, a place real;
            // they say whether two-step sign-in is on, and each phone's last known position (the newest
            // of its lost-mode reports and route points), whether a reclaimed account's review waits
            // (account-review, which looks at the network made before: network) and the e-mail change
            // under way (auth); app/plain-sql.test.ts checks its plain SQL against this list
            users: [
              'account-review',
              'accounts',
              'auth',
              'devices',
              'geography',
              'lostphone',
              'network',
              'plans',
              'tracking',
              'two-factor',
            ],
            // the account whose sign-in it guards and its password; turning it on or off and a wrong
            // second-step code are written to the account's log, with a notice (activity)
            'two-factor': ['accounts', 'activity'],
          },
        },
      ],
    },
  },
);
