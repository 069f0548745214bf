// GENERATED FILE, do not edit. The management API's types, from its OpenAPI document
// (GET /api/openapi.json, built from the route specs in relay/management/).
// Regenerate with `npm run gen:api` (scripts/gen-api-types.ts) after changing a route spec.

export interface paths {
    "/api/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Version, whether setup is done, the secret backend and feature flags */
        get: operations["get_api_status"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/setup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Whether the owner account exists yet */
        get: operations["get_api_setup"];
        put?: never;
        /** Create the owner (root) account, once */
        post: operations["post_api_setup"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/setup/wizard": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Where the console's first-run wizard resumes (a channel, then a key), if it is not over */
        get: operations["get_api_setup_wizard"];
        /** Move the console's first-run wizard on: past the channel step ('key'), or end it ('done') */
        put: operations["put_api_setup_wizard"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sign in: sets the session cookie (HttpOnly, SameSite=Strict); with two-step verification on, answers require_2fa and a pending token for POST /api/user/login/2fa instead (no session yet) */
        post: operations["post_api_user_login"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/login/2fa": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sign in's second step: the pending token from POST /api/user/login and a code of the authenticator app, or a backup code (used up); sets the session cookie */
        post: operations["post_api_user_login_2fa"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Sign out */
        get: operations["get_api_user_logout"];
        put?: never;
        /** Sign out */
        post: operations["post_api_user_logout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/self": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The signed-in user (never a password hash or a token) */
        get: operations["get_api_user_self"];
        /** Change your display name */
        put: operations["put_api_user_self"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/self/password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Change your password (the current one re-entered); your other sessions end */
        put: operations["put_api_user_self_password"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Generate a personal access token (shown this once; replaces the previous one) */
        get: operations["get_api_user_token"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/self/sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Your signed-in sessions (browsers and the desktop app), newest first */
        get: operations["get_api_user_self_sessions"];
        put?: never;
        post?: never;
        /** Sign out all your other sessions (this one stays) */
        delete: operations["delete_api_user_self_sessions"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/self/sessions/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Sign out one of your sessions (this one too: that signs you out here) */
        delete: operations["delete_api_user_self_sessions_id_"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/register/email_code": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Mail a registration verification code to an address (valid 15 minutes) */
        post: operations["post_api_user_register_email_code"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/register": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Register (policy permitting): the new user gets the starting quota and the default group; then sign in */
        post: operations["post_api_user_register"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/password_reset/email_code": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Mail a password reset code to an account's email (valid 30 minutes); answers the same whether or not the address has an account */
        post: operations["post_api_user_password_reset_email_code"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/password_reset": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Set a new password with the mailed reset code (once); every session of the account ends */
        post: operations["post_api_user_password_reset"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/self/language": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Choose the console language (kept with the account, so it follows you to any browser) */
        put: operations["put_api_user_self_language"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/self/email/code": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Mail a code to a new email address of yours (valid 15 minutes) */
        post: operations["post_api_user_self_email_code"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/self/email": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Change your email address with the code mailed to it */
        put: operations["put_api_user_self_email"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/manage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Act on a user of a lower role: disable, enable, delete, promote (root only), demote, add_quota */
        post: operations["post_api_user_manage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** How you can verify (passkey, totp, or password when neither is set up) */
        get: operations["get_api_verify"];
        put?: never;
        /** Security verification: answers a proof for 5 minutes, bound to you and this session; send it in X-Verification-Proof to reveal keys or change two-step verification */
        post: operations["post_api_verify"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/oauth/{provider}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Start signing in with a provider (github, oidc): redirects to it, the flow (state, nonce, PKCE verifier) sealed in a 10-minute HttpOnly cookie. intent=link (signed in, from the profile) links it to you instead; aff_code: an invitation code for an account made by this sign-in */
        get: operations["get_api_oauth_provider_"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/oauth/{provider}/callback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Where the provider sends the browser back: checks state (against the flow's cookie), PKCE and, for OpenID Connect, the ID token (signature, issuer, audience, nonce); then signs in the linked user (or asks the two-step code), registers a new one when the registration policy permits, or links to the user who started the link. Redirects to the console */
        get: operations["get_api_oauth_provider_callback"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/oauth": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The sign-in providers set up on this relay, and which of them are linked to you */
        get: operations["get_api_user_oauth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/oauth/{provider}/unlink": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Unlink a provider from you. When it is your last provider and you have no passkey, your password is needed: it proves you can still sign in (an account made through OAuth has a random password: reset it by mail first) */
        post: operations["post_api_user_oauth_provider_unlink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/2fa/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Whether two-step verification is on, and how many backup codes are left */
        get: operations["get_api_user_2fa_status"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/2fa/setup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Start setting up two-step verification: answers a new secret, its otpauth:// URI and a QR image to scan (not on until enabled with a code) */
        post: operations["post_api_user_2fa_setup"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/2fa/enable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Turn two-step verification on with a code from the app just set up; answers backup codes, shown once */
        post: operations["post_api_user_2fa_enable"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/2fa/backup_codes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** New backup codes (the old ones stop working), with a code from the app; shown once */
        post: operations["post_api_user_2fa_backup_codes"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/2fa/disable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Turn two-step verification off: needs a security verification (X-Verification-Proof) and a code from the app (the verification's own code is accepted) or a backup code */
        post: operations["post_api_user_2fa_disable"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/passkey": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Your passkeys */
        get: operations["get_api_user_passkey"];
        put?: never;
        /** Add a passkey: the browser’s answer to the options, and a name for it */
        post: operations["post_api_user_passkey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/passkey/options": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Start adding a passkey: the options for the browser (valid 5 minutes, on the console address it is asked from) */
        post: operations["post_api_user_passkey_options"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/passkey/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Rename one of your passkeys */
        put: operations["put_api_user_passkey_id_"];
        post?: never;
        /** Remove one of your passkeys (needs a security verification): it no longer signs you in */
        delete: operations["delete_api_user_passkey_id_"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/passkey/login/options": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Start signing in with a passkey: the options for the browser (any passkey of this site; valid 5 minutes) */
        post: operations["post_api_user_passkey_login_options"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/passkey/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sign in with a passkey, without username or password: the browser’s answer to the options; sets the session cookie (a passkey with user verification is two factors: no two-step code asked) */
        post: operations["post_api_user_passkey_login"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/verify/passkey/options": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Start a security verification with a passkey: the options for the browser (one of your passkeys; valid 5 minutes); its answer goes to POST /api/verify as assertion */
        post: operations["post_api_verify_passkey_options"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/channel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List channels (paged; filter by status, type, group, model, tag, keyword; sort by id, priority, response time…), without keys */
        get: operations["get_api_channel"];
        /** Update a channel: the fields given change; `key` replaces (or, with key_mode_update "append", adds to) its keys */
        put: operations["put_api_channel"];
        /** Create a channel (its keys go to the secret store); mode "batch" creates one channel per key line */
        post: operations["post_api_channel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/channel/batch": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Enable, disable, delete or tag several channels (unknown ids are skipped) */
        post: operations["post_api_channel_batch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/channel/disabled": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Delete every disabled channel (by hand or automatically), with its keys */
        delete: operations["delete_api_channel_disabled"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/channel/copy/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Copy a channel: same configuration and keys, name suffixed; enabled unless `disabled` */
        post: operations["post_api_channel_copy_id_"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/channel/test/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Test a channel with a real minimal call (chat with one output token; an embedding of "hi" for a channel serving embeddings but not chat; a rerank of one document, a moderation of "hi", a completion, or for audio the speech of "hi" or a transcription of half a second of silence, for a channel serving that family but neither chat nor embeddings, or for a model named for it (a reranker, tts-1, whisper-1…); images and video channels are tried with chat, as no test image or video costs less than cents); on success records its response time, ends its cooldown (and the tested key's), and re-enables it if the relay had disabled it */
        get: operations["get_api_channel_test_id_"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/channel/test_all": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Test every channel not disabled by hand, in the background: answers the task (see GET /api/task/{id} for its progress) */
        post: operations["post_api_channel_test_all"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/channel/update_balance/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read a channel's balance from its upstream (OpenAI-style billing, OpenRouter, DeepSeek) and store it (USD) */
        get: operations["get_api_channel_update_balance_id_"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/channel/{id}/keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A channel's keys: per-key status, reason (the last error) and a hint, never the keys */
        get: operations["get_api_channel_id_keys"];
        put?: never;
        /** Enable, disable or delete one key of a channel (by index; deleting shifts the later ones), or enable them all */
        post: operations["post_api_channel_id_keys"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/channel/{id}/key": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Reveal a channel's keys: needs a security verification (its proof in X-Verification-Proof), or the password in the body when you have no two-step verification or passkey (20 tries per 20 minutes per IP); each reveal is logged */
        post: operations["post_api_channel_id_key"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/channel/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One channel, with per-key states, without its keys */
        get: operations["get_api_channel_id_"];
        put?: never;
        post?: never;
        /** Delete a channel and its keys */
        delete: operations["delete_api_channel_id_"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List API keys, newest first (your own; admins: everyone’s), masked */
        get: operations["get_api_token"];
        /** Change an API key (only the fields given); answers it masked */
        put: operations["put_api_token"];
        /** Create an API key; the key (sk-…) is answered this once */
        post: operations["post_api_token"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/token/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Search API keys by name or key, newest first, masked */
        get: operations["get_api_token_search"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/token/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One API key, masked */
        get: operations["get_api_token_id_"];
        put?: never;
        post?: never;
        /** Delete an API key: it stops working at once */
        delete: operations["delete_api_token_id_"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/token/batch": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Delete several API keys (ids that are not yours, or unknown, are skipped) */
        post: operations["post_api_token_batch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/token/{id}/regenerate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Replace an API key with a new one (answered this once); the old key stops working at once */
        post: operations["post_api_token_id_regenerate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/option": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every relay setting with its value, default and validation rules (secrets: only whether set) */
        get: operations["get_api_option"];
        /** Set one setting ({key, value}) or several ({values: {key: value}}); null restores the default */
        put: operations["put_api_option"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/channel/fetch_models": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** List the models a channel's upstream serves (preview of a new or edited channel; the key never comes back) */
        post: operations["post_api_channel_fetch_models"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/channel/speed_test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Time a small request (the type's model list) at several candidate base URLs of a new or saved channel: each URL's status and median ms, fastest first; nothing is saved */
        post: operations["post_api_channel_speed_test"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/task": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every background task (paged, newest first; filter by status and kind) */
        get: operations["get_api_task"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/task/self": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The background tasks the signed-in user started (paged, newest first) */
        get: operations["get_api_task_self"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/task/video": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Video generation tasks of every key (paged, newest first; filter by status) */
        get: operations["get_api_task_video"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/task/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One background task with its progress (administrators see every task, users their own) */
        get: operations["get_api_task_id_"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/log": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Everyone's call and audit records, newest first, filtered and paged */
        get: operations["get_api_log"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/log/self": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Your own call and audit records, newest first, filtered and paged */
        get: operations["get_api_log_self"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/log/stat": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Quota and request count of the filtered records, and the current RPM and TPM */
        get: operations["get_api_log_stat"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/log/self/stat": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Quota and request count of your filtered records, and your current RPM and TPM */
        get: operations["get_api_log_self_stat"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/log/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Everyone's filtered records as CSV (text/csv, header row first, newest first) */
        get: operations["get_api_log_export"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/log/self/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Your own filtered records as CSV (text/csv, header row first, newest first) */
        get: operations["get_api_log_self_export"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/log/{id}/bodies": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A call's request and response bodies, if they were kept (your own calls; administrators: everyone's); null when not kept */
        get: operations["get_api_log_id_bodies"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/data": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Hourly usage of everyone (or one user): totals per hour and per family, model, user, key and channel */
        get: operations["get_api_data"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/data/self": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Your hourly usage: totals per hour and per family, model and key */
        get: operations["get_api_data_self"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/group": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Groups with their ratios, descriptions and where they are used (paged) */
        get: operations["get_api_group"];
        /** Change a group’s ratio, description or selectable flag (named by `name`; names do not change) */
        put: operations["put_api_group"];
        /** Create a group */
        post: operations["post_api_group"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/group/{name}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One group */
        get: operations["get_api_group_name_"];
        put?: never;
        post?: never;
        /** Delete a group no channel, user or key uses (never `default`) */
        delete: operations["delete_api_group_name_"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/self/groups": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The groups the signed-in user may use for keys (their own and every selectable one), with ratios */
        get: operations["get_api_user_self_groups"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/vendors": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Suppliers (paged; `keyword` searches name and description) */
        get: operations["get_api_vendors"];
        /** Change a supplier (named by `id`; fields left out stay) */
        put: operations["put_api_vendors"];
        /** Create a supplier */
        post: operations["post_api_vendors"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/vendors/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One supplier */
        get: operations["get_api_vendors_id_"];
        put?: never;
        post?: never;
        /** Delete a supplier no model names */
        delete: operations["delete_api_vendors_id_"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/models": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The models the signed-in user may use (served by an enabled channel of a group they may use), for pickers */
        get: operations["get_api_models"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/models/missing": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Models that channels list but no model record describes */
        get: operations["get_api_models_missing"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/models/unpriced_policy": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** What calls of a model without a price do (setting unpriced_model_policy): free, or refused */
        get: operations["get_api_models_unpriced_policy"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/models/meta": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Model records: metadata, prices and the groups each is served to (paged; `keyword` searches name, description and tags) */
        get: operations["get_api_models_meta"];
        /** Change a model record (named by `id`; fields left out stay, null clears a price field) */
        put: operations["put_api_models_meta"];
        /** Describe and/or price a model */
        post: operations["post_api_models_meta"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/models/meta/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One model record */
        get: operations["get_api_models_meta_id_"];
        put?: never;
        post?: never;
        /** Delete a model record (the model falls back to the built-in price and limits, if any) */
        delete: operations["delete_api_models_meta_id_"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/models/prices/import": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Import model prices in bulk (a list in the shape of GET /api/models/meta items; only name and the price fields are read): answers which models are added, changed (before and after) and unchanged; saves them only with apply true */
        post: operations["post_api_models_prices_import"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/client-setup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Client configuration files on this computer (loopback only): which exist and where */
        get: operations["get_api_client_setup"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/client-setup/write": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Write a client's configuration files for this relay (loopback only; each previous file is backed up) */
        post: operations["post_api_client_setup_write"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/client-setup/undo": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Undo the last write of a client's configuration files (loopback only): restores the backups, or removes the files Relaydesk created */
        post: operations["post_api_client_setup_undo"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/redemption": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Redemption codes, newest first (paged) */
        get: operations["get_api_redemption"];
        /** Change an unused redemption code: name, quota, expiry, or enabled (1) / disabled (2) */
        put: operations["put_api_redemption"];
        /** Make redemption codes: answers the codes, shown this once */
        post: operations["post_api_redemption"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/redemption/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Redemption codes whose name matches the keyword (or whose id it is) */
        get: operations["get_api_redemption_search"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/redemption/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One redemption code */
        get: operations["get_api_redemption_id_"];
        put?: never;
        post?: never;
        /** Delete a redemption code (its top-up records stay) */
        delete: operations["delete_api_redemption_id_"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/redemption/invalid": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Delete every used or expired redemption code */
        delete: operations["delete_api_redemption_invalid"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/topup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Everyone's top-ups, newest first (paged; by user, status or source) */
        get: operations["get_api_user_topup"];
        put?: never;
        /** Redeem a redemption code: its quota is added to yours (each code once) */
        post: operations["post_api_user_topup"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/topup/self": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Your top-ups, newest first (paged) */
        get: operations["get_api_user_topup_self"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/topup/complete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Complete a payment top-up by hand (its quota credited once), with a reason */
        post: operations["post_api_user_topup_complete"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/aff": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Your invitation code and rewards */
        get: operations["get_api_user_aff"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/aff_transfer": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Move invitation rewards into your quota (at least 1 USD of quota, at most what you have) */
        post: operations["post_api_user_aff_transfer"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/topup/info": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** How you can top up: which payment providers are set up, the price of 1 USD of quota and the least one payment buys */
        get: operations["get_api_user_topup_info"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/{provider}/pay": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Start a top-up payment: answers the provider's page to pay on; the quota is added when the provider confirms the payment */
        post: operations["post_api_user_provider_pay"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/stripe/webhook": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The payment provider's signed notices (Stripe: checkout.session.*): a completed payment's quota is added once, however often it is sent */
        post: operations["post_api_stripe_webhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/pricing": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The models you may call and their prices for your group (or another group you may use), per unit kind, as /v1/pricing answers them for a key */
        get: operations["get_api_pricing"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List users, newest first (deleted users left out) */
        get: operations["get_api_user_"];
        put?: never;
        /** Create a user (a role below yours; quota recorded as a top-up) */
        post: operations["post_api_user_"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Search users by username, display name or email */
        get: operations["get_api_user_search"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One user */
        get: operations["get_api_user_id_"];
        /** Edit a user of a lower role: display name, email, group, quota, role */
        put: operations["put_api_user_id_"];
        post?: never;
        /** Delete a user of a lower role (soft: records and logs keep their owner; sessions, keys and access token stop working at once) */
        delete: operations["delete_api_user_id_"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/{id}/budgets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** What is left of a user's period budgets (day, week, month) now */
        get: operations["get_api_user_id_budgets"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/{id}/reset_password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Set a lower-role user's password (after a security verification: its proof in X-Verification-Proof); their sessions end */
        post: operations["post_api_user_id_reset_password"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/{id}/reset_2fa": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Turn off a lower-role user's two-step verification and remove their passkeys (they sign in with the password) */
        post: operations["post_api_user_id_reset_2fa"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** This document */
        get: operations["get_api_openapi_json"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        Failure: {
            /** @enum {boolean} */
            success: false;
            message: string;
            data?: unknown;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    get_api_status: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        message: string;
                        data: {
                            /** @enum {string} */
                            name: "Relaydesk";
                            /** @description The name the console shows (setting site_name) */
                            site_name: string;
                            version: string;
                            setup: boolean;
                            secret_backend: "keychain" | "encrypted-file" | "memory" | "database";
                            /** @description With the encrypted-file backend: its key sealed by the OS for this user, or a plain 0600 file */
                            secret_key_protection: ("os-sealed" | "key-file") | null;
                            lan: boolean;
                            setup_code_required: boolean;
                            features: {
                                registration: boolean;
                                registration_policy: "closed" | "open" | "invite";
                                /** @description Registration needs an email address proven by a mailed code */
                                email_verification: boolean;
                                /** @description Passwords can be reset by a mailed code (SMTP is set up) */
                                password_reset: boolean;
                                /** @description Some OAuth sign-in provider is set up */
                                oauth: boolean;
                                /** @description Sign-in buttons: start at GET /api/oauth/<id> */
                                oauth_providers: {
                                    id: string;
                                    label: string;
                                }[];
                                two_factor: boolean;
                                top_up: boolean;
                            };
                        };
                    };
                };
            };
            /** @description Failure: {success: false, message} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    get_api_setup: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        message: string;
                        data: {
                            status: boolean;
                            root_init: boolean;
                            setup_code_required: boolean;
                        };
                    };
                };
            };
            /** @description Failure: {success: false, message} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    post_api_setup: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    username: string;
                    password: string;
                    setup_code?: string;
                    /** @description Start the console's first-run wizard (a first channel, then a first key): resumed at every sign-in until finished or skipped */
                    wizard?: boolean;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        message: string;
                        /** @enum {unknown|null} */
                        data: null;
                    };
                };
            };
            /** @description Failure: {success: false, message} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    get_api_setup_wizard: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        message: string;
                        data: {
                            /** @description Where the wizard resumes; null: finished, skipped, or never started */
                            step: ("channel" | "key") | null;
                            /** @description The channel step was skipped (no channel yet) */
                            channel_skipped: boolean;
                        };
                    };
                };
            };
            /** @description Failure: {success: false, message} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    put_api_setup_wizard: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    step: "key" | "done";
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        message: string;
                        data: {
                            /** @description Where the wizard resumes; null: finished, skipped, or never started */
                            step: ("channel" | "key") | null;
                            /** @description The channel step was skipped (no channel yet) */
                            channel_skipped: boolean;
                        };
                    };
                };
            };
            /** @description Failure: {success: false, message} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    post_api_user_login: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    username: string;
                    password: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        message: string;
                        data: {
                            id: number;
                            username: string;
                            display_name: string;
                            /** @description 1 common, 10 admin, 100 root */
                            role: 1 | 10 | 100;
                            /** @description 1 enabled, 2 disabled */
                            status: number;
                            email: string;
                            group: string;
                            quota: number;
                            used_quota: number;
                            request_count: number;
                            has_access_token: boolean;
                            created_at: number;
                            last_login_at: number;
                            /** @description The console language the user chose ('en', 'zh-CN'); empty: not chosen (the browser's) */
                            language: string;
                        } | {
                            /** @enum {boolean} */
                            require_2fa: true;
                            /** @description Give it with the code to POST /api/user/login/2fa */
                            pending_token: string;
                            /** @description ms: the code must come before */
                            expires_at: number;
                        };
                    };
                };
            };
            /** @description Failure: {success: false, message} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    post_api_user_login_2fa: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    pending_token: string;
                    code: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        message: string;
                        data: {
                            id: number;
                            username: string;
                            display_name: string;
                            /** @description 1 common, 10 admin, 100 root */
                            role: 1 | 10 | 100;
                            /** @description 1 enabled, 2 disabled */
                            status: number;
                            email: string;
                            group: string;
                            quota: number;
                            used_quota: number;
                            request_count: number;
                            has_access_token: boolean;
                            created_at: number;
                            last_login_at: number;
                            /** @description The console language the user chose ('en', 'zh-CN'); empty: not chosen (the browser's) */
                            language: string;
                        };
                    };
                };
            };
            /** @description Failure: {success: false, message} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    get_api_user_logout: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        message: string;
                        /** @enum {unknown|null} */
                        data: null;
                    };
                };
            };
            /** @description Failure: {success: false, message} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    post_api_user_logout: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        message: string;
                        /** @enum {unknown|null} */
                        data: null;
                    };
                };
            };
            /** @description Failure: {success: false, message} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    get_api_user_self: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        message: string;
                        data: {
                            id: number;
                            username: string;
                            display_name: string;
                            /** @description 1 common, 10 admin, 100 root */
                            role: 1 | 10 | 100;
                            /** @description 1 enabled, 2 disabled */
                            status: number;
                            email: string;
                            group: string;
                            quota: number;
                            used_quota: number;
                            request_count: number;
                            has_access_token: boolean;
                            created_at: number;
                            last_login_at: number;
                            /** @description The console language the user chose ('en', 'zh-CN'); empty: not chosen (the browser's) */
                            language: string;
                        };
                    };
                };
            };
            /** @description Failure: {success: false, message} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    put_api_user_self: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    display_name: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        message: string;
                        /** @enum {unknown|null} */
                        data: null;
                    };
                };
            };
            /** @description Failure: {success: false, message} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    put_api_user_self_password: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    current_password: string;
                    new_password: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        message: string;
                        /** @enum {unknown|null} */
                        data: null;
                    };
                };
            };
            /** @description Failure: {success: false, message} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    get_api_user_token: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        message: string;
                        data: string;
                    };
                };
            };
            /** @description Failure: {success: false, message} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    get_api_user_self_sessions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        message: string;
                        data: {
                            /** @description Names the session in this list and in DELETE; not the session token */
                            id: string;
                            /** @description ms: when it signed in */
                            created_at: number;
                            /** @description ms: its last request (updated at most hourly) */
                            last_seen_at: number;
                            /** @description ms */
                            expires_at: number;
                            /** @description The user agent, summarised ("Firefox 142 on Linux") */
                            client: string;
                            user_agent: string;
                            /** @description Where it signed in from */
                            ip: string;
                            /** @description The session making this request */
                            current: boolean;
                        }[];
                    };
                };
            };
            /** @description Failure: {success: false, message} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    delete_api_user_self_sessions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        message: string;
                        data: {
                            /** @description How many sessions ended */
                            signed_out: number;
                        };
                    };
                };
            };
            /** @description Failure: {success: false, message} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    delete_api_user_self_sessions_id_: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        message: string;
                        /** @enum {unknown|null} */
                        data: null;
                    };
                };
            };
            /** @description Failure: {success: false, message} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    post_api_user_register_email_code: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    email: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        message: string;
                        /** @enum {unknown|null} */
                        data: null;
                    };
                };
            };
            /** @description Failure: {success: false, message} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    post_api_user_register: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    username: string;
                    password: string;
                    email?: string;
                    /** @description The code mailed to the address (when the relay requires a verified email) */
                    verification_code?: string;
                    /** @description An inviter's invitation code (required when registration is by invitation) */
                    aff_code?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        message: string;
                        data: {
                            id: number;
                            username: string;
                        };
                    };
                };
            };
            /** @description Failure: {success: false, message} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    post_api_user_password_reset_email_code: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    email: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        message: string;
                        /** @enum {unknown|null} */
                        data: null;
                    };
                };
            };
            /** @description Failure: {success: false, message} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    post_api_user_password_reset: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    email: string;
                    code: string;
                    password: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        message: string;
                        /** @enum {unknown|null} */
                        data: null;
                    };
                };
            };
            /** @description Failure: {success: false, message} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    put_api_user_self_language: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description '' goes back to the browser's language */
                    language: "en" | "zh-CN" | "";
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        message: string;
                        /** @enum {unknown|null} */
                        data: null;
                    };
                };
            };
            /** @description Failure: {success: false, message} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    post_api_user_self_email_code: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    email: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        message: string;
                        /** @enum {unknown|null} */
                        data: null;
                    };
                };
            };
            /** @description Failure: {success: false, message} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    put_api_user_self_email: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    email: string;
                    code: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        message: string;
                        /** @enum {unknown|null} */
                        data: null;
                    };
                };
            };
            /** @description Failure: {success: false, message} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    post_api_user_manage: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    id: number;
                    /** @description disable | enable | delete | promote | demote | add_quota */
                    action: "disable" | "enable" | "delete" | "promote" | "demote" | "add_quota";
                    /** @description add_quota: the amount (negative takes quota away) */
                    quota?: number;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        message: string;
                        /** @description The user after the action; null after delete */
                        data: {
                            id: number;
                            username: string;
                            display_name: string;
                            /** @description 1 common, 10 admin, 100 root */
                            role: 1 | 10 | 100;
                            /** @description 1 enabled, 2 disabled */
                            status: number;
                            email: string;
                            group: string;
                            quota: number;
                            used_quota: number;
                            request_count: number;
                            has_access_token: boolean;
                            created_at: number;
                            last_login_at: number;
                            /** @description The console language the user chose ('en', 'zh-CN'); empty: not chosen (the browser's) */
                            language: string;
                            /** @description Their invitation code */
                            aff_code: string;
                            /** @description Users registered with their code */
                            aff_count: number;
                            /** @description Invitation rewards not yet moved into quota */
                            aff_quota: number;
                            /** @description Every invitation reward earned */
                            aff_history_quota: number;
                            /** @description Who invited them; 0 nobody */
                            inviter_id: number;
                            /** @description Two-step verification is on */
                            two_factor: boolean;
                            /** @description How many passkeys they registered */
                            passkeys: number;
                            /** @description Requests and tokens per minute, and spending caps per day, week and month */
                            limits: {
                                /** @description Requests per minute; 0 or absent: no limit */
                                rpm?: number;
                                /** @description Tokens (input and output) per minute; 0 or absent: no limit */
                                tpm?: number;
                                /** @description Most quota spent per day (in the budget_time_zone setting's calendar); 0 or absent: no cap */
                                day?: number;
                                /** @description Most quota spent per week (from Monday) (in the budget_time_zone setting's calendar); 0 or absent: no cap */
                                week?: number;
                                /** @description Most quota spent per month (in the budget_time_zone setting's calendar); 0 or absent: no cap */
                                month?: number;
                            };
                        } | null;
                    };
                };
            };
            /** @description Failure: {success: false, message} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    get_api_verify: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        message: string;
                        data: {
                            methods: string[];
                        };
                    };
                };
            };
            /** @description Failure: {success: false, message} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    post_api_verify: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description How you verify: a passkey or a TOTP code when set up; the password only when neither is */
                    method: "totp" | "password" | "passkey";
                    /** @description method totp: the 6-digit code of your authenticator app */
                    code?: string;
                    /** @description method password */
                    password?: string;
                    /** @description method passkey: the browser’s answer to the options of POST /api/verify/passkey/options */
                    assertion?: unknown;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        message: string;
                        data: {
                            proof: string;
                            /** @description ms */
                            expires_at: number;
                            header: string;
                        };
                    };
                };
            };
            /** @description Failure: {success: false, message} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    get_api_oauth_provider_: {
        parameters: {
            query?: {
                intent?: "signin" | "link";
                aff_code?: string;
            };
            header?: never;
            path: {
                provider: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": null;
                };
            };
            /** @description Failure: {success: false, message} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    get_api_oauth_provider_callback: {
        parameters: {
            query?: {
                state?: string;
                code?: string;
                error?: string;
                error_description?: string;
            };
            header?: never;
            path: {
                provider: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": null;
                };
            };
            /** @description Failure: {success: false, message} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    get_api_user_oauth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        message: string;
                        data: {
                            provider: string;
                            label: string;
                            linked: {
                                /** @description The login or email at the provider */
                                name: string;
                                linked_at: number;
                            } | null;
                        }[];
                    };
                };
            };
            /** @description Failure: {success: false, message} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    post_api_user_oauth_provider_unlink: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                provider: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    password?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        message: string;
                        /** @enum {unknown|null} */
                        data: null;
                    };
                };
            };
            /** @description Failure: {success: false, message} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    get_api_user_2fa_status: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        message: string;
                        data: {
                            enabled: boolean;
                            /** @description Set up, waiting for its first code */
                            pending: boolean;
                            backup_codes_left: number;
                        };
                    };
                };
            };
            /** @description Failure: {success: false, message} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    post_api_user_2fa_setup: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        message: string;
                        data: {
                            /** @description base32 */
                            secret: string;
                            /** @description otpauth://totp/… */
                            uri: string;
                            /** @description The URI as a PNG data URL */
                            qr_code: string;
                        };
                    };
                };
            };
            /** @description Failure: {success: false, message} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    post_api_user_2fa_enable: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The 6-digit code your authenticator app shows now */
                    code: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        message: string;
                        data: {
                            /** @description Shown this once: each signs you in once when the app is not at hand */
                            backup_codes: string[];
                        };
                    };
                };
            };
            /** @description Failure: {success: false, message} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    post_api_user_2fa_backup_codes: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The 6-digit code your authenticator app shows now */
                    code: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        message: string;
                        data: {
                            /** @description Shown this once: each signs you in once when the app is not at hand */
                            backup_codes: string[];
                        };
                    };
                };
            };
            /** @description Failure: {success: false, message} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    post_api_user_2fa_disable: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The 6-digit code your authenticator app shows now */
                    code: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        message: string;
                        /** @enum {unknown|null} */
                        data: null;
                    };
                };
            };
            /** @description Failure: {success: false, message} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    get_api_user_passkey: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        message: string;
                        data: {
                            /** @description The credential id (base64url) */
                            id: string;
                            name: string;
                            /** @description ms */
                            created_at: number;
                            /** @description ms; 0 never used */
                            last_used_at: number;
                            /** @description How the browser reaches it (internal, usb, hybrid…) */
                            transports: string[];
                        }[];
                    };
                };
            };
            /** @description Failure: {success: false, message} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    post_api_user_passkey: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description What you call it ("Laptop", "Phone") */
                    name?: string;
                    /** @description What startRegistration() of @simplewebauthn/browser answers (navigator.credentials.create as JSON) */
                    response: {
                        id: string;
                        rawId: string;
                        /** @enum {string} */
                        type: "public-key";
                        authenticatorAttachment?: "platform" | "cross-platform";
                        clientExtensionResults: {
                            [key: string]: unknown;
                        };
                        response: {
                            clientDataJSON: string;
                            attestationObject: string;
                            transports?: string[];
                        };
                    };
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        message: string;
                        data: {
                            /** @description The credential id (base64url) */
                            id: string;
                            name: string;
                            /** @description ms */
                            created_at: number;
                            /** @description ms; 0 never used */
                            last_used_at: number;
                            /** @description How the browser reaches it (internal, usb, hybrid…) */
                            transports: string[];
                        };
                    };
                };
            };
            /** @description Failure: {success: false, message} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    post_api_user_passkey_options: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        message: string;
                        /** @description For startRegistration/startAuthentication of @simplewebauthn/browser (the WebAuthn options as JSON) */
                        data: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /** @description Failure: {success: false, message} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    put_api_user_passkey_id_: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description What you call it ("Laptop", "Phone") */
                    name: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        message: string;
                        /** @enum {unknown|null} */
                        data: null;
                    };
                };
            };
            /** @description Failure: {success: false, message} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    delete_api_user_passkey_id_: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        message: string;
                        /** @enum {unknown|null} */
                        data: null;
                    };
                };
            };
            /** @description Failure: {success: false, message} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    post_api_user_passkey_login_options: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        message: string;
                        /** @description For startRegistration/startAuthentication of @simplewebauthn/browser (the WebAuthn options as JSON) */
                        data: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /** @description Failure: {success: false, message} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    post_api_user_passkey_login: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description What startAuthentication() of @simplewebauthn/browser answers (navigator.credentials.get as JSON) */
                    response: {
                        id: string;
                        rawId: string;
                        /** @enum {string} */
                        type: "public-key";
                        authenticatorAttachment?: "platform" | "cross-platform";
                        clientExtensionResults: {
                            [key: string]: unknown;
                        };
                        response: {
                            clientDataJSON: string;
                            authenticatorData: string;
                            signature: string;
                            userHandle?: string;
                        };
                    };
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        message: string;
                        data: {
                            id: number;
                            username: string;
                            display_name: string;
                            /** @description 1 common, 10 admin, 100 root */
                            role: 1 | 10 | 100;
                            /** @description 1 enabled, 2 disabled */
                            status: number;
                            email: string;
                            group: string;
                            quota: number;
                            used_quota: number;
                            request_count: number;
                            has_access_token: boolean;
                            created_at: number;
                            last_login_at: number;
                            /** @description The console language the user chose ('en', 'zh-CN'); empty: not chosen (the browser's) */
                            language: string;
                        };
                    };
                };
            };
            /** @description Failure: {success: false, message} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    post_api_verify_passkey_options: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        message: string;
                        /** @description For startRegistration/startAuthentication of @simplewebauthn/browser (the WebAuthn options as JSON) */
                        data: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /** @description Failure: {success: false, message} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    get_api_channel: {
        parameters: {
            query?: {
                p?: number;
                page_size?: number;
                status?: number;
                type?: number;
                group?: string;
                model?: string;
                tag?: string;
                keyword?: string;
                sort?: "id" | "priority" | "response_time" | "balance" | "name";
                order?: "asc" | "desc";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        message: string;
                        data: {
                            items: {
                                id: number;
                                type: number;
                                name: string;
                                base_url: string;
                                models: string[];
                                groups: string[];
                                /** @description The call families the channel serves; []: its type's defaults */
                                families: ("chat" | "embeddings" | "completions" | "rerank" | "moderation" | "images" | "audio" | "video")[];
                                model_mapping: {
                                    [key: string]: string;
                                };
                                priority: number;
                                weight: number;
                                /** @description 1 enabled, 2 disabled by hand, 3 disabled automatically */
                                status: number;
                                status_reason: string;
                                status_changed_at: number;
                                auto_ban: boolean;
                                header_override: {
                                    [key: string]: string;
                                };
                                /** @description With any password masked (***) */
                                proxy: string;
                                key_mode: "random" | "polling";
                                key_count: number;
                                settings: {
                                    [key: string]: string | number | boolean;
                                };
                                test_model: string;
                                /** @description ms, of the last successful test */
                                response_time: number;
                                /** @description USD, as last read from the upstream */
                                balance: number;
                                /** @description ms, when the balance was last read; absent: never read */
                                balance_updated_at?: number;
                                used_quota: number;
                                tag: string;
                                remark: string;
                                created_at: number;
                                /** @description Cooling down after failed calls: skipped by routing until this moment (ms); 0 when usable now */
                                cooldown_until: number;
                                /** @description Retryable failures (5xx, 429, connection errors, timeouts) since the last success */
                                cooldown_failures: number;
                                enabled_key_count: number;
                            }[];
                            total: number;
                            page: number;
                            page_size: number;
                        };
                    };
                };
            };
            /** @description Failure: {success: false, message} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    put_api_channel: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    id: number;
                    type?: number;
                    models?: string | string[];
                    /** @description With `key`: replace (default) the keys with the given lines, or append them. An empty `key` keeps the keys. */
                    key_mode_update?: "replace" | "append";
                    name?: string;
                    /** @description API key; one per line for a multi-key channel (or, with mode "batch", one channel per line) */
                    key?: string;
                    /** @description http(s) URL; '' for the type's default */
                    base_url?: string;
                    group?: string | string[];
                    groups?: string | string[];
                    /** @description The call families the channel serves; [] for its type's defaults */
                    families?: ("chat" | "embeddings" | "completions" | "rerank" | "moderation" | "images" | "audio" | "video")[];
                    priority?: number;
                    weight?: number;
                    model_mapping?: string | {
                        [key: string]: unknown;
                    };
                    header_override?: string | {
                        [key: string]: unknown;
                    };
                    /** @description http://, https:// or socks5:// URL; '' for none */
                    proxy?: string;
                    /** @description 1 enabled, 2 disabled by hand */
                    status?: number;
                    auto_ban?: number | boolean;
                    key_mode?: "random" | "polling";
                    /** @description Azure OpenAI api-version */
                    api_version?: string;
                    other?: string;
                    upstream_protocol?: "chat" | "responses";
                    /** @description How /v1/completions reaches an upstream with a completions endpoint: there (default), or as a chat call (models served only by chat) */
                    completions_upstream?: "completions" | "chat";
                    test_model?: string;
                    tag?: string;
                    remark?: string;
                } & {
                    [key: string]: unknown;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        message: string;
                        data: {
                            id: number;
                            type: number;
                            name: string;
                            base_url: string;
                            models: string[];
                            groups: string[];
                            /** @description The call families the channel serves; []: its type's defaults */
                            families: ("chat" | "embeddings" | "completions" | "rerank" | "moderation" | "images" | "audio" | "video")[];
                            model_mapping: {
                                [key: string]: string;
                            };
                            priority: number;
                            weight: number;
                            /** @description 1 enabled, 2 disabled by hand, 3 disabled automatically */
                            status: number;
                            status_reason: string;
                            status_changed_at: number;
                            auto_ban: boolean;
                            header_override: {
                                [key: string]: string;
                            };
                            /** @description With any password masked (***) */
                            proxy: string;
                            key_mode: "random" | "polling";
                            key_count: number;
                            settings: {
                                [key: string]: string | number | boolean;
                            };
                            test_model: string;
                            /** @description ms, of the last successful test */
                            response_time: number;
                            /** @description USD, as last read from the upstream */
                            balance: number;
                            /** @description ms, when the balance was last read; absent: never read */
                            balance_updated_at?: number;
                            used_quota: number;
                            tag: string;
                            remark: string;
                            created_at: number;
                            /** @description Cooling down after failed calls: skipped by routing until this moment (ms); 0 when usable now */
                            cooldown_until: number;
                            /** @description Retryable failures (5xx, 429, connection errors, timeouts) since the last success */
                            cooldown_failures: number;
                            key_states: {
                                /** @description 1 enabled, 2 disabled by hand, 3 disabled automatically */
                                status: number;
                                /** @description Why it is disabled: the last error */
                                reason: string;
                                /** @description ms */
                                disabled_at: number;
                                /** @description When an automatically disabled key is next probed (ms) */
                                retry_at: number;
                                failures: number;
                                /** @description Cooling down after failed calls: skipped by routing until this moment (ms); 0 when usable now */
                                cooldown_until: number;
                                /** @description Retryable failures (5xx, 429, connection errors, timeouts) since the last success */
                                cooldown_failures: number;
                            }[];
                        };
                    };
                };
            };
            /** @description Failure: {success: false, message} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    post_api_channel: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    type: number;
                    models: string | string[];
                    /** @description single (default): one channel, several key lines make it multi-key; batch: one channel per key line */
                    mode?: "single" | "batch";
                    name?: string;
                    /** @description API key; one per line for a multi-key channel (or, with mode "batch", one channel per line) */
                    key?: string;
                    /** @description http(s) URL; '' for the type's default */
                    base_url?: string;
                    group?: string | string[];
                    groups?: string | string[];
                    /** @description The call families the channel serves; [] for its type's defaults */
                    families?: ("chat" | "embeddings" | "completions" | "rerank" | "moderation" | "images" | "audio" | "video")[];
                    priority?: number;
                    weight?: number;
                    model_mapping?: string | {
                        [key: string]: unknown;
                    };
                    header_override?: string | {
                        [key: string]: unknown;
                    };
                    /** @description http://, https:// or socks5:// URL; '' for none */
                    proxy?: string;
                    /** @description 1 enabled, 2 disabled by hand */
                    status?: number;
                    auto_ban?: number | boolean;
                    key_mode?: "random" | "polling";
                    /** @description Azure OpenAI api-version */
                    api_version?: string;
                    other?: string;
                    upstream_protocol?: "chat" | "responses";
                    /** @description How /v1/completions reaches an upstream with a completions endpoint: there (default), or as a chat call (models served only by chat) */
                    completions_upstream?: "completions" | "chat";
                    test_model?: string;
                    tag?: string;
                    remark?: string;
                } & {
                    [key: string]: unknown;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        message: string;
                        data: {
                            /** @description The (first) new channel */
                            id: number;
                            key_count: number;
                            /** @description Every channel created (several with mode "batch") */
                            ids: number[];
                        };
                    };
                };
            };
            /** @description Failure: {success: false, message} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    post_api_channel_batch: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    ids: number[];
                    action: "enable" | "disable" | "delete" | "tag";
                    /** @description For action tag: the new tag ('' removes it) */
                    tag?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        message: string;
                        data: {
                            /** @description Channels changed */
                            affected: number;
                        };
                    };
                };
            };
            /** @description Failure: {success: false, message} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    delete_api_channel_disabled: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        message: string;
                        data: {
                            deleted: number;
                        };
                    };
                };
            };
            /** @description Failure: {success: false, message} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    post_api_channel_copy_id_: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Added to the name; default " (copy)" */
                    suffix?: string;
                    /** @description Create the copy disabled (default false) */
                    disabled?: boolean;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        message: string;
                        data: {
                            /** @description The copy */
                            id: number;
                        };
                    };
                };
            };
            /** @description Failure: {success: false, message} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    get_api_channel_test_id_: {
        parameters: {
            query?: {
                model?: string;
                key_index?: number;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        message: string;
                        data: {
                            /** @description The upstream answered the minimal call */
                            ok: boolean;
                            /** @description The upstream's HTTP status; 0 when it never answered */
                            status_code: number;
                            /** @description ms */
                            response_time: number;
                            /** @description The model sent upstream */
                            model: string;
                            /** @description The family of the call sent: chat, or embeddings, rerank or moderation for a channel that serves those (not chat, or a model named for them) */
                            family: "chat" | "embeddings" | "completions" | "rerank" | "moderation" | "images" | "audio" | "video";
                            /** @description The key used (-1: the channel has none) */
                            key_index: number;
                            error: string;
                            /** @description The channel status after the test */
                            channel_status: number;
                            /** @description Cooling down after failed calls: skipped by routing until this moment (ms); 0 when usable now */
                            cooldown_until: number;
                            /** @description Retryable failures (5xx, 429, connection errors, timeouts) since the last success */
                            cooldown_failures: number;
                        };
                    };
                };
            };
            /** @description Failure: {success: false, message} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    post_api_channel_test_all: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        message: string;
                        data: {
                            id: number;
                            /** @description What runs, e.g. channel_test_all */
                            kind: string;
                            status: "queued" | "running" | "succeeded" | "failed";
                            progress: number;
                            done: number;
                            total: number;
                            /** @description Who started it */
                            user_id: number;
                            /** @description ms */
                            created_at: number;
                            /** @description ms; 0 until it runs */
                            started_at: number;
                            /** @description ms; 0 until it ends */
                            finished_at: number;
                            /** @description Why it failed */
                            error: string;
                            /** @description Its outcome, once it ends */
                            result: string;
                        };
                    };
                };
            };
            /** @description Failure: {success: false, message} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    get_api_channel_update_balance_id_: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        message: string;
                        data: {
                            /** @description USD, stored on the channel */
                            balance: number;
                            source: "openai" | "openrouter" | "deepseek";
                            /** @description As the upstream reported it */
                            currencies: {
                                currency: string;
                                amount: number;
                            }[];
                        };
                    };
                };
            };
            /** @description Failure: {success: false, message} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    get_api_channel_id_keys: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        message: string;
                        data: {
                            key_count: number;
                            /** @description Keys in use */
                            enabled: number;
                            items: {
                                /** @description 0-based position of the key */
                                index: number;
                                /** @description Start and end of a long key (sk-…wxyz); '' for short keys */
                                hint: string;
                                /** @description 1 enabled, 2 disabled by hand, 3 disabled automatically */
                                status: number;
                                /** @description Why it is disabled: the last error */
                                reason: string;
                                /** @description ms */
                                disabled_at: number;
                                /** @description When an automatically disabled key is next probed (ms) */
                                retry_at: number;
                                failures: number;
                                /** @description Cooling down after failed calls: skipped by routing until this moment (ms); 0 when usable now */
                                cooldown_until: number;
                                /** @description Retryable failures (5xx, 429, connection errors, timeouts) since the last success */
                                cooldown_failures: number;
                            }[];
                        };
                    };
                };
            };
            /** @description Failure: {success: false, message} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    post_api_channel_id_keys: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    action: "enable" | "disable" | "delete" | "enable_all";
                    /** @description The key (0-based); not for enable_all */
                    index?: number;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        message: string;
                        data: {
                            key_count: number;
                            /** @description Keys in use */
                            enabled: number;
                            items: {
                                /** @description 0-based position of the key */
                                index: number;
                                /** @description Start and end of a long key (sk-…wxyz); '' for short keys */
                                hint: string;
                                /** @description 1 enabled, 2 disabled by hand, 3 disabled automatically */
                                status: number;
                                /** @description Why it is disabled: the last error */
                                reason: string;
                                /** @description ms */
                                disabled_at: number;
                                /** @description When an automatically disabled key is next probed (ms) */
                                retry_at: number;
                                failures: number;
                                /** @description Cooling down after failed calls: skipped by routing until this moment (ms); 0 when usable now */
                                cooldown_until: number;
                                /** @description Retryable failures (5xx, 429, connection errors, timeouts) since the last success */
                                cooldown_failures: number;
                            }[];
                        };
                    };
                };
            };
            /** @description Failure: {success: false, message} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    post_api_channel_id_key: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Instead of a proof, only without two-step verification or a passkey */
                    password?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        message: string;
                        data: {
                            /** @description One key per line */
                            key: string;
                            keys: string[];
                        };
                    };
                };
            };
            /** @description Failure: {success: false, message} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    get_api_channel_id_: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        message: string;
                        data: {
                            id: number;
                            type: number;
                            name: string;
                            base_url: string;
                            models: string[];
                            groups: string[];
                            /** @description The call families the channel serves; []: its type's defaults */
                            families: ("chat" | "embeddings" | "completions" | "rerank" | "moderation" | "images" | "audio" | "video")[];
                            model_mapping: {
                                [key: string]: string;
                            };
                            priority: number;
                            weight: number;
                            /** @description 1 enabled, 2 disabled by hand, 3 disabled automatically */
                            status: number;
                            status_reason: string;
                            status_changed_at: number;
                            auto_ban: boolean;
                            header_override: {
                                [key: string]: string;
                            };
                            /** @description With any password masked (***) */
                            proxy: string;
                            key_mode: "random" | "polling";
                            key_count: number;
                            settings: {
                                [key: string]: string | number | boolean;
                            };
                            test_model: string;
                            /** @description ms, of the last successful test */
                            response_time: number;
                            /** @description USD, as last read from the upstream */
                            balance: number;
                            /** @description ms, when the balance was last read; absent: never read */
                            balance_updated_at?: number;
                            used_quota: number;
                            tag: string;
                            remark: string;
                            created_at: number;
                            /** @description Cooling down after failed calls: skipped by routing until this moment (ms); 0 when usable now */
                            cooldown_until: number;
                            /** @description Retryable failures (5xx, 429, connection errors, timeouts) since the last success */
                            cooldown_failures: number;
                            key_states: {
                                /** @description 1 enabled, 2 disabled by hand, 3 disabled automatically */
                                status: number;
                                /** @description Why it is disabled: the last error */
                                reason: string;
                                /** @description ms */
                                disabled_at: number;
                                /** @description When an automatically disabled key is next probed (ms) */
                                retry_at: number;
                                failures: number;
                                /** @description Cooling down after failed calls: skipped by routing until this moment (ms); 0 when usable now */
                                cooldown_until: number;
                                /** @description Retryable failures (5xx, 429, connection errors, timeouts) since the last success */
                                cooldown_failures: number;
                            }[];
                        };
                    };
                };
            };
            /** @description Failure: {success: false, message} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    delete_api_channel_id_: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        message: string;
                        /** @enum {unknown|null} */
                        data: null;
                    };
                };
            };
            /** @description Failure: {success: false, message} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    get_api_token: {
        parameters: {
            query?: {
                p?: number;
                page_size?: number;
                keyword?: string;
                user_id?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        message: string;
                        data: {
                            items: {
                                id: number;
                                user_id: number;
                                username: string;
                                name: string;
                                /** @description The key masked: its prefix…its last 4 characters */
                                key_hint: string;
                                /** @description 1 enabled, 2 disabled, 3 expired, 4 quota used up (3 and 4 follow from expired_time and remain_quota) */
                                status: number;
                                /** @description ms */
                                created_at: number;
                                /** @description ms of the last served call; 0 never */
                                accessed_at: number;
                                /** @description Unix seconds; -1 never */
                                expired_time: number;
                                remain_quota: number;
                                unlimited_quota: boolean;
                                used_quota: number;
                                request_count: number;
                                model_limits: string[];
                                allow_ips: string[];
                                group: string;
                                allow_balance: boolean;
                                /** @description The key's request and response bodies are kept with its calls */
                                log_bodies: boolean;
                                /** @description Requests and tokens per minute, and spending caps per day, week and month */
                                limits: {
                                    /** @description Requests per minute; 0 or absent: no limit */
                                    rpm?: number;
                                    /** @description Tokens (input and output) per minute; 0 or absent: no limit */
                                    tpm?: number;
                                    /** @description Most quota spent per day (in the budget_time_zone setting's calendar); 0 or absent: no cap */
                                    day?: number;
                                    /** @description Most quota spent per week (from Monday) (in the budget_time_zone setting's calendar); 0 or absent: no cap */
                                    week?: number;
                                    /** @description Most quota spent per month (in the budget_time_zone setting's calendar); 0 or absent: no cap */
                                    month?: number;
                                };
                                /** @description What is left of each period budget now */
                                budgets_left: {
                                    period: "day" | "week" | "month";
                                    limit: number;
                                    /** @description Spent in the period so far, calls in progress included */
                                    spent: number;
                                    left: number;
                                    /** @description ms: when the period ends and the budget starts again */
                                    resets_at: number;
                                }[];
                            }[];
                            total: number;
                            page: number;
                            page_size: number;
                        };
                    };
                };
            };
            /** @description Failure: {success: false, message} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    put_api_token: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    id: number;
                    name?: string;
                    /** @description Quota left on this key (ignored when unlimited_quota) */
                    remain_quota?: number;
                    unlimited_quota?: boolean;
                    /** @description Unix seconds; -1 never */
                    expired_time?: number;
                    /** @description Allowed models; empty allows all */
                    model_limits?: string | string[];
                    /** @description Allowed client IPs and CIDRs; empty allows all */
                    allow_ips?: string | string[];
                    /** @description Empty: the user's group */
                    group?: string;
                    /** @description The key may read /v1/balance */
                    allow_balance?: boolean;
                    /** @description Keep this key's request and response bodies with its calls' log records (never the key itself) */
                    log_bodies?: boolean;
                    /** @description Requests and tokens per minute, and spending caps per day, week and month */
                    limits?: {
                        /** @description Requests per minute; 0 or absent: no limit */
                        rpm?: number;
                        /** @description Tokens (input and output) per minute; 0 or absent: no limit */
                        tpm?: number;
                        /** @description Most quota spent per day (in the budget_time_zone setting's calendar); 0 or absent: no cap */
                        day?: number;
                        /** @description Most quota spent per week (from Monday) (in the budget_time_zone setting's calendar); 0 or absent: no cap */
                        week?: number;
                        /** @description Most quota spent per month (in the budget_time_zone setting's calendar); 0 or absent: no cap */
                        month?: number;
                    };
                    /** @description 1 (or "enabled"), 2 (or "disabled"); 3 and 4, as lists show them, leave the status as it is */
                    status?: 1 | 2 | 3 | 4 | "enabled" | "disabled";
                } & {
                    [key: string]: unknown;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        message: string;
                        data: {
                            id: number;
                            user_id: number;
                            username: string;
                            name: string;
                            /** @description The key masked: its prefix…its last 4 characters */
                            key_hint: string;
                            /** @description 1 enabled, 2 disabled, 3 expired, 4 quota used up (3 and 4 follow from expired_time and remain_quota) */
                            status: number;
                            /** @description ms */
                            created_at: number;
                            /** @description ms of the last served call; 0 never */
                            accessed_at: number;
                            /** @description Unix seconds; -1 never */
                            expired_time: number;
                            remain_quota: number;
                            unlimited_quota: boolean;
                            used_quota: number;
                            request_count: number;
                            model_limits: string[];
                            allow_ips: string[];
                            group: string;
                            allow_balance: boolean;
                            /** @description The key's request and response bodies are kept with its calls */
                            log_bodies: boolean;
                            /** @description Requests and tokens per minute, and spending caps per day, week and month */
                            limits: {
                                /** @description Requests per minute; 0 or absent: no limit */
                                rpm?: number;
                                /** @description Tokens (input and output) per minute; 0 or absent: no limit */
                                tpm?: number;
                                /** @description Most quota spent per day (in the budget_time_zone setting's calendar); 0 or absent: no cap */
                                day?: number;
                                /** @description Most quota spent per week (from Monday) (in the budget_time_zone setting's calendar); 0 or absent: no cap */
                                week?: number;
                                /** @description Most quota spent per month (in the budget_time_zone setting's calendar); 0 or absent: no cap */
                                month?: number;
                            };
                            /** @description What is left of each period budget now */
                            budgets_left: {
                                period: "day" | "week" | "month";
                                limit: number;
                                /** @description Spent in the period so far, calls in progress included */
                                spent: number;
                                left: number;
                                /** @description ms: when the period ends and the budget starts again */
                                resets_at: number;
                            }[];
                        };
                    };
                };
            };
            /** @description Failure: {success: false, message} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    post_api_token: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    /** @description Quota left on this key (ignored when unlimited_quota) */
                    remain_quota?: number;
                    unlimited_quota?: boolean;
                    /** @description Unix seconds; -1 never */
                    expired_time?: number;
                    /** @description Allowed models; empty allows all */
                    model_limits?: string | string[];
                    /** @description Allowed client IPs and CIDRs; empty allows all */
                    allow_ips?: string | string[];
                    /** @description Empty: the user's group */
                    group?: string;
                    /** @description The key may read /v1/balance */
                    allow_balance?: boolean;
                    /** @description Keep this key's request and response bodies with its calls' log records (never the key itself) */
                    log_bodies?: boolean;
                    /** @description Requests and tokens per minute, and spending caps per day, week and month */
                    limits?: {
                        /** @description Requests per minute; 0 or absent: no limit */
                        rpm?: number;
                        /** @description Tokens (input and output) per minute; 0 or absent: no limit */
                        tpm?: number;
                        /** @description Most quota spent per day (in the budget_time_zone setting's calendar); 0 or absent: no cap */
                        day?: number;
                        /** @description Most quota spent per week (from Monday) (in the budget_time_zone setting's calendar); 0 or absent: no cap */
                        week?: number;
                        /** @description Most quota spent per month (in the budget_time_zone setting's calendar); 0 or absent: no cap */
                        month?: number;
                    };
                } & {
                    [key: string]: unknown;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        message: string;
                        data: {
                            id: number;
                            name: string;
                            /** @description The full key: shown this once */
                            key: string;
                        };
                    };
                };
            };
            /** @description Failure: {success: false, message} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    get_api_token_search: {
        parameters: {
            query?: {
                p?: number;
                page_size?: number;
                keyword?: string;
                token?: string;
                user_id?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        message: string;
                        data: {
                            items: {
                                id: number;
                                user_id: number;
                                username: string;
                                name: string;
                                /** @description The key masked: its prefix…its last 4 characters */
                                key_hint: string;
                                /** @description 1 enabled, 2 disabled, 3 expired, 4 quota used up (3 and 4 follow from expired_time and remain_quota) */
                                status: number;
                                /** @description ms */
                                created_at: number;
                                /** @description ms of the last served call; 0 never */
                                accessed_at: number;
                                /** @description Unix seconds; -1 never */
                                expired_time: number;
                                remain_quota: number;
                                unlimited_quota: boolean;
                                used_quota: number;
                                request_count: number;
                                model_limits: string[];
                                allow_ips: string[];
                                group: string;
                                allow_balance: boolean;
                                /** @description The key's request and response bodies are kept with its calls */
                                log_bodies: boolean;
                                /** @description Requests and tokens per minute, and spending caps per day, week and month */
                                limits: {
                                    /** @description Requests per minute; 0 or absent: no limit */
                                    rpm?: number;
                                    /** @description Tokens (input and output) per minute; 0 or absent: no limit */
                                    tpm?: number;
                                    /** @description Most quota spent per day (in the budget_time_zone setting's calendar); 0 or absent: no cap */
                                    day?: number;
                                    /** @description Most quota spent per week (from Monday) (in the budget_time_zone setting's calendar); 0 or absent: no cap */
                                    week?: number;
                                    /** @description Most quota spent per month (in the budget_time_zone setting's calendar); 0 or absent: no cap */
                                    month?: number;
                                };
                                /** @description What is left of each period budget now */
                                budgets_left: {
                                    period: "day" | "week" | "month";
                                    limit: number;
                                    /** @description Spent in the period so far, calls in progress included */
                                    spent: number;
                                    left: number;
                                    /** @description ms: when the period ends and the budget starts again */
                                    resets_at: number;
                                }[];
                            }[];
                            total: number;
                            page: number;
                            page_size: number;
                        };
                    };
                };
            };
            /** @description Failure: {success: false, message} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    get_api_token_id_: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        message: string;
                        data: {
                            id: number;
                            user_id: number;
                            username: string;
                            name: string;
                            /** @description The key masked: its prefix…its last 4 characters */
                            key_hint: string;
                            /** @description 1 enabled, 2 disabled, 3 expired, 4 quota used up (3 and 4 follow from expired_time and remain_quota) */
                            status: number;
                            /** @description ms */
                            created_at: number;
                            /** @description ms of the last served call; 0 never */
                            accessed_at: number;
                            /** @description Unix seconds; -1 never */
                            expired_time: number;
                            remain_quota: number;
                            unlimited_quota: boolean;
                            used_quota: number;
                            request_count: number;
                            model_limits: string[];
                            allow_ips: string[];
                            group: string;
                            allow_balance: boolean;
                            /** @description The key's request and response bodies are kept with its calls */
                            log_bodies: boolean;
                            /** @description Requests and tokens per minute, and spending caps per day, week and month */
                            limits: {
                                /** @description Requests per minute; 0 or absent: no limit */
                                rpm?: number;
                                /** @description Tokens (input and output) per minute; 0 or absent: no limit */
                                tpm?: number;
                                /** @description Most quota spent per day (in the budget_time_zone setting's calendar); 0 or absent: no cap */
                                day?: number;
                                /** @description Most quota spent per week (from Monday) (in the budget_time_zone setting's calendar); 0 or absent: no cap */
                                week?: number;
                                /** @description Most quota spent per month (in the budget_time_zone setting's calendar); 0 or absent: no cap */
                                month?: number;
                            };
                            /** @description What is left of each period budget now */
                            budgets_left: {
                                period: "day" | "week" | "month";
                                limit: number;
                                /** @description Spent in the period so far, calls in progress included */
                                spent: number;
                                left: number;
                                /** @description ms: when the period ends and the budget starts again */
                                resets_at: number;
                            }[];
                        };
                    };
                };
            };
            /** @description Failure: {success: false, message} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    delete_api_token_id_: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        message: string;
                        /** @enum {unknown|null} */
                        data: null;
                    };
                };
            };
            /** @description Failure: {success: false, message} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    post_api_token_batch: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    ids: number[];
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        message: string;
                        data: {
                            deleted: number;
                        };
                    };
                };
            };
            /** @description Failure: {success: false, message} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    post_api_token_id_regenerate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        message: string;
                        data: {
                            id: number;
                            name: string;
                            /** @description The full key: shown this once */
                            key: string;
                        };
                    };
                };
            };
            /** @description Failure: {success: false, message} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    get_api_option: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        message: string;
                        data: {
                            key: string;
                            group: "site" | "registration" | "sign-in" | "billing" | "routing" | "timeouts" | "logs" | "network" | "rate limits" | "email" | "observability" | "other";
                            type: "integer" | "number" | "boolean" | "string" | "enum" | "secret";
                            description: string;
                            /** @description null for secrets: they are never answered */
                            value: (string | number | boolean) | null;
                            default: (string | number | boolean) | null;
                            /** @description Secrets only: whether a value is stored */
                            set?: boolean;
                            min?: number;
                            max?: number;
                            values?: string[];
                            pattern?: string;
                            patternHint?: string;
                            maxLength?: number;
                            required?: boolean;
                            /** @description Applies at the next start */
                            restart?: boolean;
                        }[];
                    };
                };
            };
            /** @description Failure: {success: false, message} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    put_api_option: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    key?: string;
                    value?: unknown;
                    values?: {
                        [key: string]: unknown;
                    };
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        message: string;
                        /** @enum {unknown|null} */
                        data: null;
                    };
                };
            };
            /** @description Failure: {success: false, message} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    post_api_channel_fetch_models: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Channel type; 58 is the advanced custom channel. Defaults to the saved channel’s type. */
                    type?: number;
                    /** @description Upstream base address. '' clears the saved value for this preview (the type's default applies); omitted keeps it. */
                    base_url?: string;
                    /** @description API key for a new-channel preview (first line of several); ignored when channel_id is given. */
                    key?: string;
                    /** @description Saved channel: its keys are used (the first enabled one) and never returned. */
                    channel_id?: number;
                    advanced_custom?: string | {
                        [key: string]: unknown;
                    };
                    header_override?: string | {
                        [key: string]: unknown;
                    };
                    /** @description Network proxy. '' clears the saved value for this preview; omitted keeps it. */
                    proxy?: string;
                } & {
                    [key: string]: unknown;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        message: string;
                        /** @description Model ids, sorted, unique */
                        data: string[];
                    };
                };
            };
            /** @description Failure: {success: false, message} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    post_api_channel_speed_test: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Channel type; 58 is the advanced custom channel. Defaults to the saved channel’s type. */
                    type?: number;
                    /** @description API key for a new-channel preview (first line of several); ignored when channel_id is given. */
                    key?: string;
                    /** @description Saved channel: its keys are used (the first enabled one) and never returned. */
                    channel_id?: number;
                    advanced_custom?: string | {
                        [key: string]: unknown;
                    };
                    header_override?: string | {
                        [key: string]: unknown;
                    };
                    /** @description Network proxy. '' clears the saved value for this preview; omitted keeps it. */
                    proxy?: string;
                    /** @description The candidate base URLs (http:// or https://) */
                    base_urls: string[];
                    /** @description Requests timed at each URL, one after another; default 3 */
                    rounds?: number;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        message: string;
                        data: {
                            base_url: string;
                            /** @description Every round answered with a model list */
                            ok: boolean;
                            /** @description The last round's HTTP status (0: no answer: refused, timed out, unreachable) */
                            status: number;
                            /** @description Median time of the rounds that got an HTTP answer, whatever its status (ms); null when none did */
                            ms: number | null;
                            rounds: {
                                status: number;
                                ms: number;
                            }[];
                            /** @description The last failed round's reason ('' when none failed); never the key */
                            error: string;
                        }[];
                    };
                };
            };
            /** @description Failure: {success: false, message} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    get_api_task: {
        parameters: {
            query?: {
                p?: number;
                page_size?: number;
                status?: "queued" | "running" | "succeeded" | "failed";
                kind?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        message: string;
                        data: {
                            items: {
                                id: number;
                                /** @description What runs, e.g. channel_test_all */
                                kind: string;
                                status: "queued" | "running" | "succeeded" | "failed";
                                progress: number;
                                done: number;
                                total: number;
                                /** @description Who started it */
                                user_id: number;
                                /** @description ms */
                                created_at: number;
                                /** @description ms; 0 until it runs */
                                started_at: number;
                                /** @description ms; 0 until it ends */
                                finished_at: number;
                                /** @description Why it failed */
                                error: string;
                                /** @description Its outcome, once it ends */
                                result: string;
                            }[];
                            total: number;
                            page: number;
                            page_size: number;
                        };
                    };
                };
            };
            /** @description Failure: {success: false, message} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    get_api_task_self: {
        parameters: {
            query?: {
                p?: number;
                page_size?: number;
                status?: "queued" | "running" | "succeeded" | "failed";
                kind?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        message: string;
                        data: {
                            items: {
                                id: number;
                                /** @description What runs, e.g. channel_test_all */
                                kind: string;
                                status: "queued" | "running" | "succeeded" | "failed";
                                progress: number;
                                done: number;
                                total: number;
                                /** @description Who started it */
                                user_id: number;
                                /** @description ms */
                                created_at: number;
                                /** @description ms; 0 until it runs */
                                started_at: number;
                                /** @description ms; 0 until it ends */
                                finished_at: number;
                                /** @description Why it failed */
                                error: string;
                                /** @description Its outcome, once it ends */
                                result: string;
                            }[];
                            total: number;
                            page: number;
                            page_size: number;
                        };
                    };
                };
            };
            /** @description Failure: {success: false, message} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    get_api_task_video: {
        parameters: {
            query?: {
                p?: number;
                page_size?: number;
                status?: "queued" | "in_progress" | "completed" | "failed";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        message: string;
                        data: {
                            items: {
                                /** @description The public id callers use (GET /v1/videos/{id}) */
                                id: string;
                                model: string;
                                status: "queued" | "in_progress" | "completed" | "failed";
                                progress: number;
                                /** @description Clip length, whole seconds */
                                seconds: string;
                                /** @description WIDTHxHEIGHT */
                                size: string;
                                user_id: number;
                                /** @description The API key that created it */
                                token_id: number;
                                channel_id: number;
                                /** @description ms */
                                created_at: number;
                                /** @description ms; 0 until it ends */
                                finished_at: number;
                                error: {
                                    code: string;
                                    message: string;
                                } | null;
                                /** @description Its quota: reserved while it runs, then charged or refunded */
                                billing: "open" | "charged" | "refunded";
                            }[];
                            total: number;
                            page: number;
                            page_size: number;
                        };
                    };
                };
            };
            /** @description Failure: {success: false, message} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    get_api_task_id_: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        message: string;
                        data: {
                            id: number;
                            /** @description What runs, e.g. channel_test_all */
                            kind: string;
                            status: "queued" | "running" | "succeeded" | "failed";
                            progress: number;
                            done: number;
                            total: number;
                            /** @description Who started it */
                            user_id: number;
                            /** @description ms */
                            created_at: number;
                            /** @description ms; 0 until it runs */
                            started_at: number;
                            /** @description ms; 0 until it ends */
                            finished_at: number;
                            /** @description Why it failed */
                            error: string;
                            /** @description Its outcome, once it ends */
                            result: string;
                        };
                    };
                };
            };
            /** @description Failure: {success: false, message} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    get_api_log: {
        parameters: {
            query?: {
                p?: number;
                page_size?: number;
                start_timestamp?: number;
                end_timestamp?: number;
                type?: number;
                token_name?: string;
                model?: string;
                group?: string;
                family?: "chat" | "embeddings" | "completions" | "rerank" | "moderation" | "images" | "audio" | "video";
                request_id?: string;
                username?: string;
                channel?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        message: string;
                        data: {
                            items: {
                                id: number;
                                /** @description ms since epoch */
                                created_at: number;
                                /** @description 1 top-up, 2 consume, 3 manage, 4 system, 5 error, 6 refund, 7 login */
                                type: number;
                                user_id: number;
                                username: string;
                                token_id: number;
                                token_name: string;
                                /** @description The model asked for */
                                model: string;
                                /** @description The model name sent upstream */
                                upstream_model: string;
                                /** @description 0 in your own records (channels are administrators’ business) */
                                channel_id: number;
                                channel_name: string;
                                group: string;
                                /** @description The call's family (chat, embeddings, completions, rerank, moderation, images, audio, video); '' for records that are not calls */
                                family: string;
                                prompt_tokens: number;
                                completion_tokens: number;
                                cached_tokens: number;
                                reasoning_tokens: number;
                                /** @description Units other than tokens the call was billed by (every served call is 1 request); other.unit_prices holds the USD per unit it was charged at */
                                units: {
                                    requests?: number;
                                    search_units?: number;
                                    images?: number;
                                    seconds?: number;
                                    characters?: number;
                                };
                                quota: number;
                                first_byte_ms: number;
                                total_ms: number;
                                is_stream: boolean;
                                ip: string;
                                request_id: string;
                                /** @description Upstream attempts (empty in your own records) */
                                retry_chain: {
                                    channel_id: number;
                                    channel_name?: string;
                                    key_index?: number;
                                    status?: number;
                                    /** @description How long the attempt took */
                                    ms?: number;
                                    error?: string;
                                }[];
                                error: string;
                                content: string;
                                other: {
                                    [key: string]: unknown;
                                };
                            }[];
                            total: number;
                            page: number;
                            page_size: number;
                        };
                    };
                };
            };
            /** @description Failure: {success: false, message} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    get_api_log_self: {
        parameters: {
            query?: {
                p?: number;
                page_size?: number;
                start_timestamp?: number;
                end_timestamp?: number;
                type?: number;
                token_name?: string;
                model?: string;
                group?: string;
                family?: "chat" | "embeddings" | "completions" | "rerank" | "moderation" | "images" | "audio" | "video";
                request_id?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        message: string;
                        data: {
                            items: {
                                id: number;
                                /** @description ms since epoch */
                                created_at: number;
                                /** @description 1 top-up, 2 consume, 3 manage, 4 system, 5 error, 6 refund, 7 login */
                                type: number;
                                user_id: number;
                                username: string;
                                token_id: number;
                                token_name: string;
                                /** @description The model asked for */
                                model: string;
                                /** @description The model name sent upstream */
                                upstream_model: string;
                                /** @description 0 in your own records (channels are administrators’ business) */
                                channel_id: number;
                                channel_name: string;
                                group: string;
                                /** @description The call's family (chat, embeddings, completions, rerank, moderation, images, audio, video); '' for records that are not calls */
                                family: string;
                                prompt_tokens: number;
                                completion_tokens: number;
                                cached_tokens: number;
                                reasoning_tokens: number;
                                /** @description Units other than tokens the call was billed by (every served call is 1 request); other.unit_prices holds the USD per unit it was charged at */
                                units: {
                                    requests?: number;
                                    search_units?: number;
                                    images?: number;
                                    seconds?: number;
                                    characters?: number;
                                };
                                quota: number;
                                first_byte_ms: number;
                                total_ms: number;
                                is_stream: boolean;
                                ip: string;
                                request_id: string;
                                /** @description Upstream attempts (empty in your own records) */
                                retry_chain: {
                                    channel_id: number;
                                    channel_name?: string;
                                    key_index?: number;
                                    status?: number;
                                    /** @description How long the attempt took */
                                    ms?: number;
                                    error?: string;
                                }[];
                                error: string;
                                content: string;
                                other: {
                                    [key: string]: unknown;
                                };
                            }[];
                            total: number;
                            page: number;
                            page_size: number;
                        };
                    };
                };
            };
            /** @description Failure: {success: false, message} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    get_api_log_stat: {
        parameters: {
            query?: {
                start_timestamp?: number;
                end_timestamp?: number;
                type?: number;
                token_name?: string;
                model?: string;
                group?: string;
                family?: "chat" | "embeddings" | "completions" | "rerank" | "moderation" | "images" | "audio" | "video";
                request_id?: string;
                username?: string;
                channel?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        message: string;
                        data: {
                            /** @description Quota of the matching records (type defaults to consume) */
                            quota: number;
                            /** @description Matching records */
                            requests: number;
                            /** @description Matching records in the last 60 s (the time range aside) */
                            rpm: number;
                            /** @description Prompt + completion tokens of the matching records in the last 60 s */
                            tpm: number;
                        };
                    };
                };
            };
            /** @description Failure: {success: false, message} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    get_api_log_self_stat: {
        parameters: {
            query?: {
                start_timestamp?: number;
                end_timestamp?: number;
                type?: number;
                token_name?: string;
                model?: string;
                group?: string;
                family?: "chat" | "embeddings" | "completions" | "rerank" | "moderation" | "images" | "audio" | "video";
                request_id?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        message: string;
                        data: {
                            /** @description Quota of the matching records (type defaults to consume) */
                            quota: number;
                            /** @description Matching records */
                            requests: number;
                            /** @description Matching records in the last 60 s (the time range aside) */
                            rpm: number;
                            /** @description Prompt + completion tokens of the matching records in the last 60 s */
                            tpm: number;
                        };
                    };
                };
            };
            /** @description Failure: {success: false, message} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    get_api_log_export: {
        parameters: {
            query?: {
                start_timestamp?: number;
                end_timestamp?: number;
                type?: number;
                token_name?: string;
                model?: string;
                group?: string;
                family?: "chat" | "embeddings" | "completions" | "rerank" | "moderation" | "images" | "audio" | "video";
                request_id?: string;
                username?: string;
                channel?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                };
            };
            /** @description Failure: {success: false, message} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    get_api_log_self_export: {
        parameters: {
            query?: {
                start_timestamp?: number;
                end_timestamp?: number;
                type?: number;
                token_name?: string;
                model?: string;
                group?: string;
                family?: "chat" | "embeddings" | "completions" | "rerank" | "moderation" | "images" | "audio" | "video";
                request_id?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                };
            };
            /** @description Failure: {success: false, message} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    get_api_log_id_bodies: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        message: string;
                        data: {
                            request_id: string;
                            /** @description ms, when the answer ended */
                            created_at: number;
                            method: string;
                            /** @description As called, without key-like query parameters */
                            path: string;
                            /** @description Only the headers a replay needs (content type, API versions); never a key */
                            headers: {
                                [key: string]: string;
                            };
                            /** @description The request body as text, the caller's key redacted, cut at log_bodies_max_kib with a marker */
                            request: string;
                            /** @description The request body's full size */
                            request_bytes: number;
                            status: number;
                            /** @description The answer's content type; text/event-stream: `response` is the stream's events */
                            response_type: string;
                            /** @description The answer as the client received it, cut at log_bodies_max_kib with a marker */
                            response: string;
                            /** @description The answer's full size */
                            response_bytes: number;
                        } | null;
                    };
                };
            };
            /** @description Failure: {success: false, message} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    get_api_data: {
        parameters: {
            query?: {
                start_timestamp?: number;
                end_timestamp?: number;
                model?: string;
                family?: "chat" | "embeddings" | "completions" | "rerank" | "moderation" | "images" | "audio" | "video";
                time_zone?: string;
                username?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        message: string;
                        data: {
                            /** @description Unix seconds */
                            start_timestamp: number;
                            /** @description Unix seconds */
                            end_timestamp: number;
                            totals: {
                                /** @description Calls served */
                                requests: number;
                                /** @description Calls that failed */
                                errors: number;
                                prompt_tokens: number;
                                completion_tokens: number;
                                /** @description Units other than tokens, summed per kind (a kind not used is absent) */
                                units: {
                                    requests?: number;
                                    search_units?: number;
                                    images?: number;
                                    seconds?: number;
                                    characters?: number;
                                };
                                quota: number;
                            };
                            hours: {
                                /** @description Start of the hour, Unix seconds */
                                time: number;
                                /** @description Calls served */
                                requests: number;
                                /** @description Calls that failed */
                                errors: number;
                                prompt_tokens: number;
                                completion_tokens: number;
                                /** @description Units other than tokens, summed per kind (a kind not used is absent) */
                                units: {
                                    requests?: number;
                                    search_units?: number;
                                    images?: number;
                                    seconds?: number;
                                    characters?: number;
                                };
                                quota: number;
                            }[];
                            by_family: {
                                /** @description Start of the hour, Unix seconds */
                                time: number;
                                /** @description chat, embeddings, completions, rerank, moderation, images, audio or video */
                                family: string;
                                /** @description Calls served */
                                requests: number;
                                /** @description Calls that failed */
                                errors: number;
                                prompt_tokens: number;
                                completion_tokens: number;
                                /** @description Units other than tokens, summed per kind (a kind not used is absent) */
                                units: {
                                    requests?: number;
                                    search_units?: number;
                                    images?: number;
                                    seconds?: number;
                                    characters?: number;
                                };
                                quota: number;
                            }[];
                            by_model: {
                                /** @description Start of the hour, Unix seconds */
                                time: number;
                                model: string;
                                /** @description Calls served */
                                requests: number;
                                /** @description Calls that failed */
                                errors: number;
                                prompt_tokens: number;
                                completion_tokens: number;
                                /** @description Units other than tokens, summed per kind (a kind not used is absent) */
                                units: {
                                    requests?: number;
                                    search_units?: number;
                                    images?: number;
                                    seconds?: number;
                                    characters?: number;
                                };
                                quota: number;
                            }[];
                            by_user: {
                                /** @description Start of the hour, Unix seconds */
                                time: number;
                                user_id: number;
                                username: string;
                                /** @description Calls served */
                                requests: number;
                                /** @description Calls that failed */
                                errors: number;
                                prompt_tokens: number;
                                completion_tokens: number;
                                /** @description Units other than tokens, summed per kind (a kind not used is absent) */
                                units: {
                                    requests?: number;
                                    search_units?: number;
                                    images?: number;
                                    seconds?: number;
                                    characters?: number;
                                };
                                quota: number;
                            }[];
                            by_key: {
                                /** @description Start of the hour, Unix seconds */
                                time: number;
                                token_id: number;
                                token_name: string;
                                user_id: number;
                                /** @description Calls served */
                                requests: number;
                                /** @description Calls that failed */
                                errors: number;
                                prompt_tokens: number;
                                completion_tokens: number;
                                /** @description Units other than tokens, summed per kind (a kind not used is absent) */
                                units: {
                                    requests?: number;
                                    search_units?: number;
                                    images?: number;
                                    seconds?: number;
                                    characters?: number;
                                };
                                quota: number;
                            }[];
                            by_channel: {
                                /** @description Start of the hour, Unix seconds */
                                time: number;
                                channel_id: number;
                                channel_name: string;
                                /** @description Calls served */
                                requests: number;
                                /** @description Calls that failed */
                                errors: number;
                                prompt_tokens: number;
                                completion_tokens: number;
                                /** @description Units other than tokens, summed per kind (a kind not used is absent) */
                                units: {
                                    requests?: number;
                                    search_units?: number;
                                    images?: number;
                                    seconds?: number;
                                    characters?: number;
                                };
                                quota: number;
                            }[];
                            /** @description Over the whole range */
                            latency: {
                                /** @description Successful calls measured */
                                calls: number;
                                /** @description Total time percentiles, ms, of successful calls (null: none). Embedded store: from a log-scale histogram, within 4.5%; PostgreSQL: exact, interpolated. */
                                total_ms: {
                                    p50: number | null;
                                    p95: number | null;
                                    p99: number | null;
                                };
                                /** @description Time to first byte percentiles, ms, of successful calls (null: none). Embedded store: from a log-scale histogram, within 4.5%; PostgreSQL: exact, interpolated. */
                                first_byte_ms: {
                                    p50: number | null;
                                    p95: number | null;
                                    p99: number | null;
                                };
                            };
                            /** @description Per day in time_zone (an hour counts in the day it starts in), days with calls only, oldest first */
                            days: {
                                /** @description YYYY-MM-DD in time_zone */
                                day: string;
                                /** @description Calls served */
                                requests: number;
                                /** @description Calls that failed */
                                errors: number;
                                prompt_tokens: number;
                                completion_tokens: number;
                                /** @description Units other than tokens, summed per kind (a kind not used is absent) */
                                units: {
                                    requests?: number;
                                    search_units?: number;
                                    images?: number;
                                    seconds?: number;
                                    characters?: number;
                                };
                                quota: number;
                                /** @description Successful calls measured */
                                calls: number;
                                /** @description Total time percentiles, ms, of successful calls (null: none). Embedded store: from a log-scale histogram, within 4.5%; PostgreSQL: exact, interpolated. */
                                total_ms: {
                                    p50: number | null;
                                    p95: number | null;
                                    p99: number | null;
                                };
                                /** @description Time to first byte percentiles, ms, of successful calls (null: none). Embedded store: from a log-scale histogram, within 4.5%; PostgreSQL: exact, interpolated. */
                                first_byte_ms: {
                                    p50: number | null;
                                    p95: number | null;
                                    p99: number | null;
                                };
                            }[];
                        };
                    };
                };
            };
            /** @description Failure: {success: false, message} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    get_api_data_self: {
        parameters: {
            query?: {
                start_timestamp?: number;
                end_timestamp?: number;
                model?: string;
                family?: "chat" | "embeddings" | "completions" | "rerank" | "moderation" | "images" | "audio" | "video";
                time_zone?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        message: string;
                        data: {
                            /** @description Unix seconds */
                            start_timestamp: number;
                            /** @description Unix seconds */
                            end_timestamp: number;
                            totals: {
                                /** @description Calls served */
                                requests: number;
                                /** @description Calls that failed */
                                errors: number;
                                prompt_tokens: number;
                                completion_tokens: number;
                                /** @description Units other than tokens, summed per kind (a kind not used is absent) */
                                units: {
                                    requests?: number;
                                    search_units?: number;
                                    images?: number;
                                    seconds?: number;
                                    characters?: number;
                                };
                                quota: number;
                            };
                            hours: {
                                /** @description Start of the hour, Unix seconds */
                                time: number;
                                /** @description Calls served */
                                requests: number;
                                /** @description Calls that failed */
                                errors: number;
                                prompt_tokens: number;
                                completion_tokens: number;
                                /** @description Units other than tokens, summed per kind (a kind not used is absent) */
                                units: {
                                    requests?: number;
                                    search_units?: number;
                                    images?: number;
                                    seconds?: number;
                                    characters?: number;
                                };
                                quota: number;
                            }[];
                            by_family: {
                                /** @description Start of the hour, Unix seconds */
                                time: number;
                                /** @description chat, embeddings, completions, rerank, moderation, images, audio or video */
                                family: string;
                                /** @description Calls served */
                                requests: number;
                                /** @description Calls that failed */
                                errors: number;
                                prompt_tokens: number;
                                completion_tokens: number;
                                /** @description Units other than tokens, summed per kind (a kind not used is absent) */
                                units: {
                                    requests?: number;
                                    search_units?: number;
                                    images?: number;
                                    seconds?: number;
                                    characters?: number;
                                };
                                quota: number;
                            }[];
                            by_model: {
                                /** @description Start of the hour, Unix seconds */
                                time: number;
                                model: string;
                                /** @description Calls served */
                                requests: number;
                                /** @description Calls that failed */
                                errors: number;
                                prompt_tokens: number;
                                completion_tokens: number;
                                /** @description Units other than tokens, summed per kind (a kind not used is absent) */
                                units: {
                                    requests?: number;
                                    search_units?: number;
                                    images?: number;
                                    seconds?: number;
                                    characters?: number;
                                };
                                quota: number;
                            }[];
                            by_user: {
                                /** @description Start of the hour, Unix seconds */
                                time: number;
                                user_id: number;
                                username: string;
                                /** @description Calls served */
                                requests: number;
                                /** @description Calls that failed */
                                errors: number;
                                prompt_tokens: number;
                                completion_tokens: number;
                                /** @description Units other than tokens, summed per kind (a kind not used is absent) */
                                units: {
                                    requests?: number;
                                    search_units?: number;
                                    images?: number;
                                    seconds?: number;
                                    characters?: number;
                                };
                                quota: number;
                            }[];
                            by_key: {
                                /** @description Start of the hour, Unix seconds */
                                time: number;
                                token_id: number;
                                token_name: string;
                                user_id: number;
                                /** @description Calls served */
                                requests: number;
                                /** @description Calls that failed */
                                errors: number;
                                prompt_tokens: number;
                                completion_tokens: number;
                                /** @description Units other than tokens, summed per kind (a kind not used is absent) */
                                units: {
                                    requests?: number;
                                    search_units?: number;
                                    images?: number;
                                    seconds?: number;
                                    characters?: number;
                                };
                                quota: number;
                            }[];
                            by_channel: {
                                /** @description Start of the hour, Unix seconds */
                                time: number;
                                channel_id: number;
                                channel_name: string;
                                /** @description Calls served */
                                requests: number;
                                /** @description Calls that failed */
                                errors: number;
                                prompt_tokens: number;
                                completion_tokens: number;
                                /** @description Units other than tokens, summed per kind (a kind not used is absent) */
                                units: {
                                    requests?: number;
                                    search_units?: number;
                                    images?: number;
                                    seconds?: number;
                                    characters?: number;
                                };
                                quota: number;
                            }[];
                            /** @description Over the whole range */
                            latency: {
                                /** @description Successful calls measured */
                                calls: number;
                                /** @description Total time percentiles, ms, of successful calls (null: none). Embedded store: from a log-scale histogram, within 4.5%; PostgreSQL: exact, interpolated. */
                                total_ms: {
                                    p50: number | null;
                                    p95: number | null;
                                    p99: number | null;
                                };
                                /** @description Time to first byte percentiles, ms, of successful calls (null: none). Embedded store: from a log-scale histogram, within 4.5%; PostgreSQL: exact, interpolated. */
                                first_byte_ms: {
                                    p50: number | null;
                                    p95: number | null;
                                    p99: number | null;
                                };
                            };
                            /** @description Per day in time_zone (an hour counts in the day it starts in), days with calls only, oldest first */
                            days: {
                                /** @description YYYY-MM-DD in time_zone */
                                day: string;
                                /** @description Calls served */
                                requests: number;
                                /** @description Calls that failed */
                                errors: number;
                                prompt_tokens: number;
                                completion_tokens: number;
                                /** @description Units other than tokens, summed per kind (a kind not used is absent) */
                                units: {
                                    requests?: number;
                                    search_units?: number;
                                    images?: number;
                                    seconds?: number;
                                    characters?: number;
                                };
                                quota: number;
                                /** @description Successful calls measured */
                                calls: number;
                                /** @description Total time percentiles, ms, of successful calls (null: none). Embedded store: from a log-scale histogram, within 4.5%; PostgreSQL: exact, interpolated. */
                                total_ms: {
                                    p50: number | null;
                                    p95: number | null;
                                    p99: number | null;
                                };
                                /** @description Time to first byte percentiles, ms, of successful calls (null: none). Embedded store: from a log-scale histogram, within 4.5%; PostgreSQL: exact, interpolated. */
                                first_byte_ms: {
                                    p50: number | null;
                                    p95: number | null;
                                    p99: number | null;
                                };
                            }[];
                        };
                    };
                };
            };
            /** @description Failure: {success: false, message} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    get_api_group: {
        parameters: {
            query?: {
                p?: number;
                page_size?: number;
                keyword?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        message: string;
                        data: {
                            items: {
                                name: string;
                                /** @description Multiplies every price for callers of this group */
                                ratio: number;
                                description: string;
                                /** @description Users may pick it for their keys */
                                selectable: boolean;
                                /** @description Requests and tokens per minute for each user calling in this group */
                                limits?: {
                                    /** @description Requests per minute; 0 or absent: no limit */
                                    rpm?: number;
                                    /** @description Tokens (input and output) per minute; 0 or absent: no limit */
                                    tpm?: number;
                                };
                                /** @description Channels serving this group */
                                channels: number;
                                /** @description Users in this group */
                                users: number;
                                /** @description Keys calling with this group */
                                tokens: number;
                                created_at: number;
                                updated_at: number;
                            }[];
                            total: number;
                            page: number;
                            page_size: number;
                        };
                    };
                };
            };
            /** @description Failure: {success: false, message} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    put_api_group: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    ratio?: number;
                    description?: string;
                    selectable?: boolean;
                    /** @description Requests and tokens per minute */
                    limits?: {
                        /** @description Requests per minute; 0 or absent: no limit */
                        rpm?: number;
                        /** @description Tokens (input and output) per minute; 0 or absent: no limit */
                        tpm?: number;
                    };
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        message: string;
                        data: {
                            name: string;
                            /** @description Multiplies every price for callers of this group */
                            ratio: number;
                            description: string;
                            /** @description Users may pick it for their keys */
                            selectable: boolean;
                            /** @description Requests and tokens per minute for each user calling in this group */
                            limits?: {
                                /** @description Requests per minute; 0 or absent: no limit */
                                rpm?: number;
                                /** @description Tokens (input and output) per minute; 0 or absent: no limit */
                                tpm?: number;
                            };
                            /** @description Channels serving this group */
                            channels: number;
                            /** @description Users in this group */
                            users: number;
                            /** @description Keys calling with this group */
                            tokens: number;
                            created_at: number;
                            updated_at: number;
                        };
                    };
                };
            };
            /** @description Failure: {success: false, message} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    post_api_group: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    ratio?: number;
                    description?: string;
                    selectable?: boolean;
                    /** @description Requests and tokens per minute */
                    limits?: {
                        /** @description Requests per minute; 0 or absent: no limit */
                        rpm?: number;
                        /** @description Tokens (input and output) per minute; 0 or absent: no limit */
                        tpm?: number;
                    };
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        message: string;
                        data: {
                            name: string;
                            /** @description Multiplies every price for callers of this group */
                            ratio: number;
                            description: string;
                            /** @description Users may pick it for their keys */
                            selectable: boolean;
                            /** @description Requests and tokens per minute for each user calling in this group */
                            limits?: {
                                /** @description Requests per minute; 0 or absent: no limit */
                                rpm?: number;
                                /** @description Tokens (input and output) per minute; 0 or absent: no limit */
                                tpm?: number;
                            };
                            /** @description Channels serving this group */
                            channels: number;
                            /** @description Users in this group */
                            users: number;
                            /** @description Keys calling with this group */
                            tokens: number;
                            created_at: number;
                            updated_at: number;
                        };
                    };
                };
            };
            /** @description Failure: {success: false, message} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    get_api_group_name_: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                name: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        message: string;
                        data: {
                            name: string;
                            /** @description Multiplies every price for callers of this group */
                            ratio: number;
                            description: string;
                            /** @description Users may pick it for their keys */
                            selectable: boolean;
                            /** @description Requests and tokens per minute for each user calling in this group */
                            limits?: {
                                /** @description Requests per minute; 0 or absent: no limit */
                                rpm?: number;
                                /** @description Tokens (input and output) per minute; 0 or absent: no limit */
                                tpm?: number;
                            };
                            /** @description Channels serving this group */
                            channels: number;
                            /** @description Users in this group */
                            users: number;
                            /** @description Keys calling with this group */
                            tokens: number;
                            created_at: number;
                            updated_at: number;
                        };
                    };
                };
            };
            /** @description Failure: {success: false, message} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    delete_api_group_name_: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                name: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        message: string;
                        /** @enum {unknown|null} */
                        data: null;
                    };
                };
            };
            /** @description Failure: {success: false, message} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    get_api_user_self_groups: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        message: string;
                        data: {
                            name: string;
                            ratio: number;
                            description: string;
                        }[];
                    };
                };
            };
            /** @description Failure: {success: false, message} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    get_api_vendors: {
        parameters: {
            query?: {
                p?: number;
                page_size?: number;
                keyword?: string;
                status?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        message: string;
                        data: {
                            items: {
                                id: number;
                                name: string;
                                description: string;
                                /** @description An http(s) URL, a data:image/… URL, or empty */
                                icon: string;
                                /** @description 1 enabled, 2 disabled */
                                status: number;
                                /** @description Models described as this supplier’s */
                                models: number;
                                created_at: number;
                                updated_at: number;
                            }[];
                            total: number;
                            page: number;
                            page_size: number;
                        };
                    };
                };
            };
            /** @description Failure: {success: false, message} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    put_api_vendors: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    id: number;
                    name?: string;
                    description?: string;
                    icon?: string;
                    status?: 1 | 2;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        message: string;
                        data: {
                            id: number;
                            name: string;
                            description: string;
                            /** @description An http(s) URL, a data:image/… URL, or empty */
                            icon: string;
                            /** @description 1 enabled, 2 disabled */
                            status: number;
                            /** @description Models described as this supplier’s */
                            models: number;
                            created_at: number;
                            updated_at: number;
                        };
                    };
                };
            };
            /** @description Failure: {success: false, message} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    post_api_vendors: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    description?: string;
                    icon?: string;
                    status?: 1 | 2;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        message: string;
                        data: {
                            id: number;
                            name: string;
                            description: string;
                            /** @description An http(s) URL, a data:image/… URL, or empty */
                            icon: string;
                            /** @description 1 enabled, 2 disabled */
                            status: number;
                            /** @description Models described as this supplier’s */
                            models: number;
                            created_at: number;
                            updated_at: number;
                        };
                    };
                };
            };
            /** @description Failure: {success: false, message} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    get_api_vendors_id_: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        message: string;
                        data: {
                            id: number;
                            name: string;
                            description: string;
                            /** @description An http(s) URL, a data:image/… URL, or empty */
                            icon: string;
                            /** @description 1 enabled, 2 disabled */
                            status: number;
                            /** @description Models described as this supplier’s */
                            models: number;
                            created_at: number;
                            updated_at: number;
                        };
                    };
                };
            };
            /** @description Failure: {success: false, message} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    delete_api_vendors_id_: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        message: string;
                        /** @enum {unknown|null} */
                        data: null;
                    };
                };
            };
            /** @description Failure: {success: false, message} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    get_api_models: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        message: string;
                        data: {
                            name: string;
                            /** @description The user’s usable groups that serve it */
                            groups: string[];
                            description: string;
                            supplier: string;
                            tags: string[];
                            endpoints: string[];
                            /** @description The call families (chat, images, audio…) the channels serving it offer */
                            families: string[];
                            context_length: number;
                            max_output_tokens: number;
                        }[];
                    };
                };
            };
            /** @description Failure: {success: false, message} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    get_api_models_missing: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        message: string;
                        data: string[];
                    };
                };
            };
            /** @description Failure: {success: false, message} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    get_api_models_unpriced_policy: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        message: string;
                        data: {
                            unpriced_model_policy: "free" | "reject";
                        };
                    };
                };
            };
            /** @description Failure: {success: false, message} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    get_api_models_meta: {
        parameters: {
            query?: {
                p?: number;
                page_size?: number;
                keyword?: string;
                supplier_id?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        message: string;
                        data: {
                            items: {
                                id: number;
                                name: string;
                                supplier_id: number;
                                supplier_name: string;
                                description: string;
                                tags: string[];
                                endpoints: string[];
                                context_length: number;
                                max_output_tokens: number;
                                model_ratio: number | null;
                                price_per_call: number | null;
                                completion_ratio: number | null;
                                cache_ratio: number | null;
                                cache_write_ratio: number | null;
                                /** @description USD per unit of each kind other than tokens, added to the token price; {}: none */
                                unit_prices: {
                                    /** @description USD per call */
                                    requests?: number;
                                    /** @description USD per search unit (rerank) */
                                    search_units?: number;
                                    /** @description USD per image */
                                    images?: number;
                                    /** @description USD per second of audio or video */
                                    seconds?: number;
                                    /** @description USD per character (speech input) */
                                    characters?: number;
                                };
                                /** @description Multiplier of the unit prices by output size; a size not named: 1, e.g. {"1792x1024": 1.67} */
                                size_ratios: {
                                    [key: string]: number;
                                };
                                /** @description Requests and tokens per minute for each user calling this model */
                                limits?: {
                                    /** @description Requests per minute; 0 or absent: no limit */
                                    rpm?: number;
                                    /** @description Tokens (input and output) per minute; 0 or absent: no limit */
                                    tpm?: number;
                                };
                                /** @description Where the price a call pays comes from */
                                price_source: "model" | "default" | "none";
                                /** @description Groups an enabled channel serves it to (channels of every group: "*") */
                                enable_groups: string[];
                                /** @description Channels (enabled or not) listing it */
                                channels: number;
                                created_at: number;
                                updated_at: number;
                            }[];
                            total: number;
                            page: number;
                            page_size: number;
                        };
                    };
                };
            };
            /** @description Failure: {success: false, message} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    put_api_models_meta: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    id: number;
                    name?: string;
                    /** @description 0: none */
                    supplier_id?: number;
                    description?: string;
                    tags?: string[] | string;
                    endpoints?: ("openai-chat" | "openai-responses" | "anthropic-messages" | "gemini-generate-content" | "completions" | "embeddings" | "rerank" | "moderations" | "image-generation" | "image-edit" | "video-generation" | "audio-transcription" | "audio-translation" | "speech")[];
                    /** @description Tokens; 0 unknown */
                    context_length?: number;
                    /** @description Tokens; 0 unknown */
                    max_output_tokens?: number;
                    /** @description Per-token price: 1 = 2 USD per million input tokens; null: the built-in default (if any) */
                    model_ratio?: number | null;
                    /** @description Fixed USD per call, instead of per token; null: per token */
                    price_per_call?: number | null;
                    /** @description Output ÷ input price; null: 1 */
                    completion_ratio?: number | null;
                    /** @description Cached input ÷ input price; null: 1 */
                    cache_ratio?: number | null;
                    /** @description Cache write (5 minutes; 1 hour costs 1.6 times as much) ÷ input price; null: 1 */
                    cache_write_ratio?: number | null;
                    /** @description USD per unit of each kind other than tokens, added to the token price (replaces the whole set; {} clears it); not with price_per_call */
                    unit_prices?: {
                        /** @description USD per call */
                        requests?: number;
                        /** @description USD per search unit (rerank) */
                        search_units?: number;
                        /** @description USD per image */
                        images?: number;
                        /** @description USD per second of audio or video */
                        seconds?: number;
                        /** @description USD per character (speech input) */
                        characters?: number;
                    };
                    /** @description Multiplier of the unit prices by output size (replaces the whole set; {} clears it), e.g. {"1792x1024": 1.67} */
                    size_ratios?: {
                        [key: string]: number;
                    };
                    /** @description Requests and tokens per minute */
                    limits?: {
                        /** @description Requests per minute; 0 or absent: no limit */
                        rpm?: number;
                        /** @description Tokens (input and output) per minute; 0 or absent: no limit */
                        tpm?: number;
                    };
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        message: string;
                        data: {
                            id: number;
                            name: string;
                            supplier_id: number;
                            supplier_name: string;
                            description: string;
                            tags: string[];
                            endpoints: string[];
                            context_length: number;
                            max_output_tokens: number;
                            model_ratio: number | null;
                            price_per_call: number | null;
                            completion_ratio: number | null;
                            cache_ratio: number | null;
                            cache_write_ratio: number | null;
                            /** @description USD per unit of each kind other than tokens, added to the token price; {}: none */
                            unit_prices: {
                                /** @description USD per call */
                                requests?: number;
                                /** @description USD per search unit (rerank) */
                                search_units?: number;
                                /** @description USD per image */
                                images?: number;
                                /** @description USD per second of audio or video */
                                seconds?: number;
                                /** @description USD per character (speech input) */
                                characters?: number;
                            };
                            /** @description Multiplier of the unit prices by output size; a size not named: 1, e.g. {"1792x1024": 1.67} */
                            size_ratios: {
                                [key: string]: number;
                            };
                            /** @description Requests and tokens per minute for each user calling this model */
                            limits?: {
                                /** @description Requests per minute; 0 or absent: no limit */
                                rpm?: number;
                                /** @description Tokens (input and output) per minute; 0 or absent: no limit */
                                tpm?: number;
                            };
                            /** @description Where the price a call pays comes from */
                            price_source: "model" | "default" | "none";
                            /** @description Groups an enabled channel serves it to (channels of every group: "*") */
                            enable_groups: string[];
                            /** @description Channels (enabled or not) listing it */
                            channels: number;
                            created_at: number;
                            updated_at: number;
                        };
                    };
                };
            };
            /** @description Failure: {success: false, message} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    post_api_models_meta: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    /** @description 0: none */
                    supplier_id?: number;
                    description?: string;
                    tags?: string[] | string;
                    endpoints?: ("openai-chat" | "openai-responses" | "anthropic-messages" | "gemini-generate-content" | "completions" | "embeddings" | "rerank" | "moderations" | "image-generation" | "image-edit" | "video-generation" | "audio-transcription" | "audio-translation" | "speech")[];
                    /** @description Tokens; 0 unknown */
                    context_length?: number;
                    /** @description Tokens; 0 unknown */
                    max_output_tokens?: number;
                    /** @description Per-token price: 1 = 2 USD per million input tokens; null: the built-in default (if any) */
                    model_ratio?: number | null;
                    /** @description Fixed USD per call, instead of per token; null: per token */
                    price_per_call?: number | null;
                    /** @description Output ÷ input price; null: 1 */
                    completion_ratio?: number | null;
                    /** @description Cached input ÷ input price; null: 1 */
                    cache_ratio?: number | null;
                    /** @description Cache write (5 minutes; 1 hour costs 1.6 times as much) ÷ input price; null: 1 */
                    cache_write_ratio?: number | null;
                    /** @description USD per unit of each kind other than tokens, added to the token price (replaces the whole set; {} clears it); not with price_per_call */
                    unit_prices?: {
                        /** @description USD per call */
                        requests?: number;
                        /** @description USD per search unit (rerank) */
                        search_units?: number;
                        /** @description USD per image */
                        images?: number;
                        /** @description USD per second of audio or video */
                        seconds?: number;
                        /** @description USD per character (speech input) */
                        characters?: number;
                    };
                    /** @description Multiplier of the unit prices by output size (replaces the whole set; {} clears it), e.g. {"1792x1024": 1.67} */
                    size_ratios?: {
                        [key: string]: number;
                    };
                    /** @description Requests and tokens per minute */
                    limits?: {
                        /** @description Requests per minute; 0 or absent: no limit */
                        rpm?: number;
                        /** @description Tokens (input and output) per minute; 0 or absent: no limit */
                        tpm?: number;
                    };
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        message: string;
                        data: {
                            id: number;
                            name: string;
                            supplier_id: number;
                            supplier_name: string;
                            description: string;
                            tags: string[];
                            endpoints: string[];
                            context_length: number;
                            max_output_tokens: number;
                            model_ratio: number | null;
                            price_per_call: number | null;
                            completion_ratio: number | null;
                            cache_ratio: number | null;
                            cache_write_ratio: number | null;
                            /** @description USD per unit of each kind other than tokens, added to the token price; {}: none */
                            unit_prices: {
                                /** @description USD per call */
                                requests?: number;
                                /** @description USD per search unit (rerank) */
                                search_units?: number;
                                /** @description USD per image */
                                images?: number;
                                /** @description USD per second of audio or video */
                                seconds?: number;
                                /** @description USD per character (speech input) */
                                characters?: number;
                            };
                            /** @description Multiplier of the unit prices by output size; a size not named: 1, e.g. {"1792x1024": 1.67} */
                            size_ratios: {
                                [key: string]: number;
                            };
                            /** @description Requests and tokens per minute for each user calling this model */
                            limits?: {
                                /** @description Requests per minute; 0 or absent: no limit */
                                rpm?: number;
                                /** @description Tokens (input and output) per minute; 0 or absent: no limit */
                                tpm?: number;
                            };
                            /** @description Where the price a call pays comes from */
                            price_source: "model" | "default" | "none";
                            /** @description Groups an enabled channel serves it to (channels of every group: "*") */
                            enable_groups: string[];
                            /** @description Channels (enabled or not) listing it */
                            channels: number;
                            created_at: number;
                            updated_at: number;
                        };
                    };
                };
            };
            /** @description Failure: {success: false, message} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    get_api_models_meta_id_: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        message: string;
                        data: {
                            id: number;
                            name: string;
                            supplier_id: number;
                            supplier_name: string;
                            description: string;
                            tags: string[];
                            endpoints: string[];
                            context_length: number;
                            max_output_tokens: number;
                            model_ratio: number | null;
                            price_per_call: number | null;
                            completion_ratio: number | null;
                            cache_ratio: number | null;
                            cache_write_ratio: number | null;
                            /** @description USD per unit of each kind other than tokens, added to the token price; {}: none */
                            unit_prices: {
                                /** @description USD per call */
                                requests?: number;
                                /** @description USD per search unit (rerank) */
                                search_units?: number;
                                /** @description USD per image */
                                images?: number;
                                /** @description USD per second of audio or video */
                                seconds?: number;
                                /** @description USD per character (speech input) */
                                characters?: number;
                            };
                            /** @description Multiplier of the unit prices by output size; a size not named: 1, e.g. {"1792x1024": 1.67} */
                            size_ratios: {
                                [key: string]: number;
                            };
                            /** @description Requests and tokens per minute for each user calling this model */
                            limits?: {
                                /** @description Requests per minute; 0 or absent: no limit */
                                rpm?: number;
                                /** @description Tokens (input and output) per minute; 0 or absent: no limit */
                                tpm?: number;
                            };
                            /** @description Where the price a call pays comes from */
                            price_source: "model" | "default" | "none";
                            /** @description Groups an enabled channel serves it to (channels of every group: "*") */
                            enable_groups: string[];
                            /** @description Channels (enabled or not) listing it */
                            channels: number;
                            created_at: number;
                            updated_at: number;
                        };
                    };
                };
            };
            /** @description Failure: {success: false, message} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    delete_api_models_meta_id_: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        message: string;
                        /** @enum {unknown|null} */
                        data: null;
                    };
                };
            };
            /** @description Failure: {success: false, message} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    post_api_models_prices_import: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    models: ({
                        name: string;
                        /** @description Per-token price: 1 = 2 USD per million input tokens; null: the built-in default (if any) */
                        model_ratio?: number | null;
                        /** @description Fixed USD per call, instead of per token; null: per token */
                        price_per_call?: number | null;
                        /** @description Output ÷ input price; null: 1 */
                        completion_ratio?: number | null;
                        /** @description Cached input ÷ input price; null: 1 */
                        cache_ratio?: number | null;
                        /** @description Cache write (5 minutes; 1 hour costs 1.6 times as much) ÷ input price; null: 1 */
                        cache_write_ratio?: number | null;
                        /** @description USD per unit of each kind other than tokens, added to the token price (replaces the whole set; {} clears it); not with price_per_call */
                        unit_prices?: {
                            /** @description USD per call */
                            requests?: number;
                            /** @description USD per search unit (rerank) */
                            search_units?: number;
                            /** @description USD per image */
                            images?: number;
                            /** @description USD per second of audio or video */
                            seconds?: number;
                            /** @description USD per character (speech input) */
                            characters?: number;
                        };
                        /** @description Multiplier of the unit prices by output size (replaces the whole set; {} clears it), e.g. {"1792x1024": 1.67} */
                        size_ratios?: {
                            [key: string]: number;
                        };
                    } & {
                        [key: string]: unknown;
                    })[];
                    /** @description false: only the diff (a dry run); true: save it */
                    apply: boolean;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        message: string;
                        data: {
                            /** @description Whether the changes were saved (false: a dry run) */
                            applied: boolean;
                            /** @description Models without a record: a record is made with this price */
                            added: {
                                name: string;
                                after: {
                                    model_ratio: number | null;
                                    price_per_call: number | null;
                                    completion_ratio: number | null;
                                    cache_ratio: number | null;
                                    cache_write_ratio: number | null;
                                    unit_prices: {
                                        [key: string]: number;
                                    };
                                    size_ratios: {
                                        [key: string]: number;
                                    };
                                };
                            }[];
                            /** @description Records whose price the import changes */
                            changed: {
                                name: string;
                                before: {
                                    model_ratio: number | null;
                                    price_per_call: number | null;
                                    completion_ratio: number | null;
                                    cache_ratio: number | null;
                                    cache_write_ratio: number | null;
                                    unit_prices: {
                                        [key: string]: number;
                                    };
                                    size_ratios: {
                                        [key: string]: number;
                                    };
                                };
                                after: {
                                    model_ratio: number | null;
                                    price_per_call: number | null;
                                    completion_ratio: number | null;
                                    cache_ratio: number | null;
                                    cache_write_ratio: number | null;
                                    unit_prices: {
                                        [key: string]: number;
                                    };
                                    size_ratios: {
                                        [key: string]: number;
                                    };
                                };
                            }[];
                            /** @description Records the import leaves as they are */
                            unchanged: string[];
                        };
                    };
                };
            };
            /** @description Failure: {success: false, message} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    get_api_client_setup: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        message: string;
                        data: {
                            /** @description claude-code, codex or gemini-cli */
                            client: "claude-code" | "codex" | "gemini-cli";
                            label: string;
                            /** @description The files written for this client (Gemini CLI: .env and settings.json) */
                            files: {
                                path: string;
                                exists: boolean;
                            }[];
                            can_undo: boolean;
                        }[];
                    };
                };
            };
            /** @description Failure: {success: false, message} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    post_api_client_setup_write: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description claude-code, codex or gemini-cli */
                    client: "claude-code" | "codex" | "gemini-cli";
                    /** @description The API key to write (never answered back) */
                    key: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        message: string;
                        data: {
                            /** @description claude-code, codex or gemini-cli */
                            client: "claude-code" | "codex" | "gemini-cli";
                            files: {
                                path: string;
                                /** @description Where the previous file was copied; null when there was none */
                                backup: string | null;
                            }[];
                            note: string;
                        };
                    };
                };
            };
            /** @description Failure: {success: false, message} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    post_api_client_setup_undo: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description claude-code, codex or gemini-cli */
                    client: "claude-code" | "codex" | "gemini-cli";
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        message: string;
                        data: {
                            /** @description claude-code, codex or gemini-cli */
                            client: "claude-code" | "codex" | "gemini-cli";
                            files: {
                                path: string;
                                /** @description restored: the backup is back; removed: Relaydesk had created the file */
                                action: "restored" | "removed";
                                backup: string | null;
                            }[];
                        };
                    };
                };
            };
            /** @description Failure: {success: false, message} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    get_api_redemption: {
        parameters: {
            query?: {
                p?: number;
                page_size?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        message: string;
                        data: {
                            items: {
                                id: number;
                                name: string;
                                /** @description The last four characters of the code (the code itself is shown only when made) */
                                key_hint: string;
                                quota: number;
                                /** @description 1 unused, 2 disabled, 3 used */
                                status: number;
                                /** @description Past its expiry time (and not used) */
                                expired: boolean;
                                created_by: number;
                                /** @description Unix seconds */
                                created_time: number;
                                /** @description Unix seconds; 0 never expires */
                                expired_time: number;
                                /** @description The user who redeemed it; 0 nobody yet */
                                redeemed_by: number;
                                /** @description Unix seconds; 0 not redeemed */
                                redeemed_time: number;
                            }[];
                            total: number;
                            page: number;
                            page_size: number;
                        };
                    };
                };
            };
            /** @description Failure: {success: false, message} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    put_api_redemption: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    id: number;
                    name?: string;
                    /** @description Quota each code adds (500 000 = 1 USD) */
                    quota?: number;
                    /** @description Unix seconds after which the code no longer redeems; 0 never */
                    expired_time?: number;
                    status?: 1 | 2;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        message: string;
                        data: {
                            id: number;
                            name: string;
                            /** @description The last four characters of the code (the code itself is shown only when made) */
                            key_hint: string;
                            quota: number;
                            /** @description 1 unused, 2 disabled, 3 used */
                            status: number;
                            /** @description Past its expiry time (and not used) */
                            expired: boolean;
                            created_by: number;
                            /** @description Unix seconds */
                            created_time: number;
                            /** @description Unix seconds; 0 never expires */
                            expired_time: number;
                            /** @description The user who redeemed it; 0 nobody yet */
                            redeemed_by: number;
                            /** @description Unix seconds; 0 not redeemed */
                            redeemed_time: number;
                        };
                    };
                };
            };
            /** @description Failure: {success: false, message} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    post_api_redemption: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    /** @description Quota each code adds (500 000 = 1 USD) */
                    quota: number;
                    /** @description Unix seconds after which the code no longer redeems; 0 never */
                    expired_time: number;
                    count: number;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        message: string;
                        data: string[];
                    };
                };
            };
            /** @description Failure: {success: false, message} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    get_api_redemption_search: {
        parameters: {
            query?: {
                p?: number;
                page_size?: number;
                keyword?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        message: string;
                        data: {
                            items: {
                                id: number;
                                name: string;
                                /** @description The last four characters of the code (the code itself is shown only when made) */
                                key_hint: string;
                                quota: number;
                                /** @description 1 unused, 2 disabled, 3 used */
                                status: number;
                                /** @description Past its expiry time (and not used) */
                                expired: boolean;
                                created_by: number;
                                /** @description Unix seconds */
                                created_time: number;
                                /** @description Unix seconds; 0 never expires */
                                expired_time: number;
                                /** @description The user who redeemed it; 0 nobody yet */
                                redeemed_by: number;
                                /** @description Unix seconds; 0 not redeemed */
                                redeemed_time: number;
                            }[];
                            total: number;
                            page: number;
                            page_size: number;
                        };
                    };
                };
            };
            /** @description Failure: {success: false, message} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    get_api_redemption_id_: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        message: string;
                        data: {
                            id: number;
                            name: string;
                            /** @description The last four characters of the code (the code itself is shown only when made) */
                            key_hint: string;
                            quota: number;
                            /** @description 1 unused, 2 disabled, 3 used */
                            status: number;
                            /** @description Past its expiry time (and not used) */
                            expired: boolean;
                            created_by: number;
                            /** @description Unix seconds */
                            created_time: number;
                            /** @description Unix seconds; 0 never expires */
                            expired_time: number;
                            /** @description The user who redeemed it; 0 nobody yet */
                            redeemed_by: number;
                            /** @description Unix seconds; 0 not redeemed */
                            redeemed_time: number;
                        };
                    };
                };
            };
            /** @description Failure: {success: false, message} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    delete_api_redemption_id_: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        message: string;
                        /** @enum {unknown|null} */
                        data: null;
                    };
                };
            };
            /** @description Failure: {success: false, message} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    delete_api_redemption_invalid: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        message: string;
                        /** @description How many were deleted */
                        data: number;
                    };
                };
            };
            /** @description Failure: {success: false, message} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    get_api_user_topup: {
        parameters: {
            query?: {
                p?: number;
                page_size?: number;
                user_id?: number;
                status?: "pending" | "crediting" | "done" | "failed" | "expired";
                source?: "redemption" | "payment" | "invitation" | "admin";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        message: string;
                        data: {
                            items: {
                                id: number;
                                user_id: number;
                                quota: number;
                                /** @description redemption, payment, invitation (invitation quota moved in) or admin */
                                source: string;
                                /** @description The payment provider (stripe); empty otherwise */
                                provider: string;
                                /** @description The payment's id at its provider; empty otherwise */
                                reference: string;
                                /** @description What was paid, in currency */
                                money: number;
                                currency: string;
                                /** @description pending, crediting, done, failed or expired */
                                status: string;
                                note: string;
                                /** @description ms */
                                created_at: number;
                                /** @description ms; 0 not completed */
                                completed_at: number;
                            }[];
                            total: number;
                            page: number;
                            page_size: number;
                        };
                    };
                };
            };
            /** @description Failure: {success: false, message} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    post_api_user_topup: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    key: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        message: string;
                        /** @description The quota added */
                        data: number;
                    };
                };
            };
            /** @description Failure: {success: false, message} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    get_api_user_topup_self: {
        parameters: {
            query?: {
                p?: number;
                page_size?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        message: string;
                        data: {
                            items: {
                                id: number;
                                user_id: number;
                                quota: number;
                                /** @description redemption, payment, invitation (invitation quota moved in) or admin */
                                source: string;
                                /** @description The payment provider (stripe); empty otherwise */
                                provider: string;
                                /** @description The payment's id at its provider; empty otherwise */
                                reference: string;
                                /** @description What was paid, in currency */
                                money: number;
                                currency: string;
                                /** @description pending, crediting, done, failed or expired */
                                status: string;
                                note: string;
                                /** @description ms */
                                created_at: number;
                                /** @description ms; 0 not completed */
                                completed_at: number;
                            }[];
                            total: number;
                            page: number;
                            page_size: number;
                        };
                    };
                };
            };
            /** @description Failure: {success: false, message} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    post_api_user_topup_complete: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    id: number;
                    note: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        message: string;
                        data: {
                            id: number;
                            user_id: number;
                            quota: number;
                            /** @description redemption, payment, invitation (invitation quota moved in) or admin */
                            source: string;
                            /** @description The payment provider (stripe); empty otherwise */
                            provider: string;
                            /** @description The payment's id at its provider; empty otherwise */
                            reference: string;
                            /** @description What was paid, in currency */
                            money: number;
                            currency: string;
                            /** @description pending, crediting, done, failed or expired */
                            status: string;
                            note: string;
                            /** @description ms */
                            created_at: number;
                            /** @description ms; 0 not completed */
                            completed_at: number;
                        };
                    };
                };
            };
            /** @description Failure: {success: false, message} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    get_api_user_aff: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        message: string;
                        data: {
                            /** @description Your invitation code: register?aff=<code> */
                            aff_code: string;
                            /** @description Users registered with it */
                            aff_count: number;
                            /** @description Invitation rewards not yet moved into your quota */
                            aff_quota: number;
                            /** @description Every invitation reward earned */
                            aff_history_quota: number;
                            /** @description What each registration with your code earns now */
                            reward_quota: number;
                            /** @description The least quota one transfer moves */
                            min_transfer: number;
                        };
                    };
                };
            };
            /** @description Failure: {success: false, message} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    post_api_user_aff_transfer: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Quota to move (500 000 = 1 USD) */
                    quota: number;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        message: string;
                        data: {
                            /** @description Your quota after it */
                            quota: number;
                            /** @description Invitation rewards left */
                            aff_quota: number;
                        };
                    };
                };
            };
            /** @description Failure: {success: false, message} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    get_api_user_topup_info: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        message: string;
                        data: {
                            /** @description Payment providers set up (stripe); empty: card top-up is off */
                            providers: string[];
                            /** @description What 1 USD of quota costs, in currency */
                            unit_price: number;
                            currency: string;
                            /** @description The least USD of quota one payment buys */
                            min_usd: number;
                        };
                    };
                };
            };
            /** @description Failure: {success: false, message} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    post_api_user_provider_pay: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                provider: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description USD of quota to buy */
                    amount: number;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        message: string;
                        data: {
                            url: string;
                            top_up_id: number;
                            quota: number;
                            money: number;
                            currency: string;
                        };
                    };
                };
            };
            /** @description Failure: {success: false, message} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    post_api_stripe_webhook: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        message: string;
                        data: {
                            top_up_id: number;
                            credited: boolean;
                        };
                    };
                };
            };
            /** @description Failure: {success: false, message} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    get_api_pricing: {
        parameters: {
            query?: {
                group?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        message: string;
                        data: {
                            /** @enum {string} */
                            object: "list";
                            /** @description The group whose prices these are */
                            group: string;
                            /** @description The group's ratio, already applied to every price */
                            group_ratio: number;
                            /** @description What a call of a model without a price does */
                            unpriced_models: "free" | "reject";
                            /** @description The groups the user may use (their own and every selectable one) */
                            groups: {
                                name: string;
                                ratio: number;
                                description: string;
                            }[];
                            data: {
                                /** @enum {string} */
                                object: "model.pricing";
                                model: string;
                                /** @description The model's own price, a built-in default, or none (unpriced) */
                                source: "model" | "default" | "none";
                                prices: {
                                    /** @description input_token, cached_input_token, cache_write_input_token (5-minute cache writes, or writes of unsaid lifetime), cache_write_1h_input_token (1-hour cache writes; listed when the price sets a cache write ratio), output_token, request, search_unit, image, second or character */
                                    unit: string;
                                    /** @description How many units the price is for (1 000 000 tokens or characters, 1 of the others) */
                                    per: number;
                                    quota: number;
                                    usd: number;
                                }[];
                                /** @description USD per one unit of each kind other than tokens, at the group ratio */
                                unit_prices: {
                                    requests?: number;
                                    search_units?: number;
                                    images?: number;
                                    seconds?: number;
                                    characters?: number;
                                };
                                /** @description Multiplier of the unit prices by output size ("1792x1024") */
                                size_ratios: {
                                    [key: string]: number;
                                };
                            }[];
                        };
                    };
                };
            };
            /** @description Failure: {success: false, message} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    get_api_user_: {
        parameters: {
            query?: {
                p?: number;
                page_size?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        message: string;
                        data: {
                            items: {
                                id: number;
                                username: string;
                                display_name: string;
                                /** @description 1 common, 10 admin, 100 root */
                                role: 1 | 10 | 100;
                                /** @description 1 enabled, 2 disabled */
                                status: number;
                                email: string;
                                group: string;
                                quota: number;
                                used_quota: number;
                                request_count: number;
                                has_access_token: boolean;
                                created_at: number;
                                last_login_at: number;
                                /** @description The console language the user chose ('en', 'zh-CN'); empty: not chosen (the browser's) */
                                language: string;
                                /** @description Their invitation code */
                                aff_code: string;
                                /** @description Users registered with their code */
                                aff_count: number;
                                /** @description Invitation rewards not yet moved into quota */
                                aff_quota: number;
                                /** @description Every invitation reward earned */
                                aff_history_quota: number;
                                /** @description Who invited them; 0 nobody */
                                inviter_id: number;
                                /** @description Two-step verification is on */
                                two_factor: boolean;
                                /** @description How many passkeys they registered */
                                passkeys: number;
                                /** @description Requests and tokens per minute, and spending caps per day, week and month */
                                limits: {
                                    /** @description Requests per minute; 0 or absent: no limit */
                                    rpm?: number;
                                    /** @description Tokens (input and output) per minute; 0 or absent: no limit */
                                    tpm?: number;
                                    /** @description Most quota spent per day (in the budget_time_zone setting's calendar); 0 or absent: no cap */
                                    day?: number;
                                    /** @description Most quota spent per week (from Monday) (in the budget_time_zone setting's calendar); 0 or absent: no cap */
                                    week?: number;
                                    /** @description Most quota spent per month (in the budget_time_zone setting's calendar); 0 or absent: no cap */
                                    month?: number;
                                };
                            }[];
                            total: number;
                            page: number;
                            page_size: number;
                        };
                    };
                };
            };
            /** @description Failure: {success: false, message} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    post_api_user_: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    username: string;
                    password: string;
                    display_name?: string;
                    /** @description Set by an admin: not verified by mail */
                    email?: string;
                    group?: string;
                    /** @description 1 common user, 10 admin (only the root makes admins) */
                    role?: number;
                    /** @description Requests and tokens per minute, and spending caps per day, week and month */
                    limits?: {
                        /** @description Requests per minute; 0 or absent: no limit */
                        rpm?: number;
                        /** @description Tokens (input and output) per minute; 0 or absent: no limit */
                        tpm?: number;
                        /** @description Most quota spent per day (in the budget_time_zone setting's calendar); 0 or absent: no cap */
                        day?: number;
                        /** @description Most quota spent per week (from Monday) (in the budget_time_zone setting's calendar); 0 or absent: no cap */
                        week?: number;
                        /** @description Most quota spent per month (in the budget_time_zone setting's calendar); 0 or absent: no cap */
                        month?: number;
                    };
                    /** @description Starting quota (recorded as a top-up) */
                    quota?: number;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        message: string;
                        data: {
                            id: number;
                            username: string;
                            display_name: string;
                            /** @description 1 common, 10 admin, 100 root */
                            role: 1 | 10 | 100;
                            /** @description 1 enabled, 2 disabled */
                            status: number;
                            email: string;
                            group: string;
                            quota: number;
                            used_quota: number;
                            request_count: number;
                            has_access_token: boolean;
                            created_at: number;
                            last_login_at: number;
                            /** @description The console language the user chose ('en', 'zh-CN'); empty: not chosen (the browser's) */
                            language: string;
                            /** @description Their invitation code */
                            aff_code: string;
                            /** @description Users registered with their code */
                            aff_count: number;
                            /** @description Invitation rewards not yet moved into quota */
                            aff_quota: number;
                            /** @description Every invitation reward earned */
                            aff_history_quota: number;
                            /** @description Who invited them; 0 nobody */
                            inviter_id: number;
                            /** @description Two-step verification is on */
                            two_factor: boolean;
                            /** @description How many passkeys they registered */
                            passkeys: number;
                            /** @description Requests and tokens per minute, and spending caps per day, week and month */
                            limits: {
                                /** @description Requests per minute; 0 or absent: no limit */
                                rpm?: number;
                                /** @description Tokens (input and output) per minute; 0 or absent: no limit */
                                tpm?: number;
                                /** @description Most quota spent per day (in the budget_time_zone setting's calendar); 0 or absent: no cap */
                                day?: number;
                                /** @description Most quota spent per week (from Monday) (in the budget_time_zone setting's calendar); 0 or absent: no cap */
                                week?: number;
                                /** @description Most quota spent per month (in the budget_time_zone setting's calendar); 0 or absent: no cap */
                                month?: number;
                            };
                        };
                    };
                };
            };
            /** @description Failure: {success: false, message} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    get_api_user_search: {
        parameters: {
            query?: {
                p?: number;
                page_size?: number;
                keyword?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        message: string;
                        data: {
                            items: {
                                id: number;
                                username: string;
                                display_name: string;
                                /** @description 1 common, 10 admin, 100 root */
                                role: 1 | 10 | 100;
                                /** @description 1 enabled, 2 disabled */
                                status: number;
                                email: string;
                                group: string;
                                quota: number;
                                used_quota: number;
                                request_count: number;
                                has_access_token: boolean;
                                created_at: number;
                                last_login_at: number;
                                /** @description The console language the user chose ('en', 'zh-CN'); empty: not chosen (the browser's) */
                                language: string;
                                /** @description Their invitation code */
                                aff_code: string;
                                /** @description Users registered with their code */
                                aff_count: number;
                                /** @description Invitation rewards not yet moved into quota */
                                aff_quota: number;
                                /** @description Every invitation reward earned */
                                aff_history_quota: number;
                                /** @description Who invited them; 0 nobody */
                                inviter_id: number;
                                /** @description Two-step verification is on */
                                two_factor: boolean;
                                /** @description How many passkeys they registered */
                                passkeys: number;
                                /** @description Requests and tokens per minute, and spending caps per day, week and month */
                                limits: {
                                    /** @description Requests per minute; 0 or absent: no limit */
                                    rpm?: number;
                                    /** @description Tokens (input and output) per minute; 0 or absent: no limit */
                                    tpm?: number;
                                    /** @description Most quota spent per day (in the budget_time_zone setting's calendar); 0 or absent: no cap */
                                    day?: number;
                                    /** @description Most quota spent per week (from Monday) (in the budget_time_zone setting's calendar); 0 or absent: no cap */
                                    week?: number;
                                    /** @description Most quota spent per month (in the budget_time_zone setting's calendar); 0 or absent: no cap */
                                    month?: number;
                                };
                            }[];
                            total: number;
                            page: number;
                            page_size: number;
                        };
                    };
                };
            };
            /** @description Failure: {success: false, message} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    get_api_user_id_: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        message: string;
                        data: {
                            id: number;
                            username: string;
                            display_name: string;
                            /** @description 1 common, 10 admin, 100 root */
                            role: 1 | 10 | 100;
                            /** @description 1 enabled, 2 disabled */
                            status: number;
                            email: string;
                            group: string;
                            quota: number;
                            used_quota: number;
                            request_count: number;
                            has_access_token: boolean;
                            created_at: number;
                            last_login_at: number;
                            /** @description The console language the user chose ('en', 'zh-CN'); empty: not chosen (the browser's) */
                            language: string;
                            /** @description Their invitation code */
                            aff_code: string;
                            /** @description Users registered with their code */
                            aff_count: number;
                            /** @description Invitation rewards not yet moved into quota */
                            aff_quota: number;
                            /** @description Every invitation reward earned */
                            aff_history_quota: number;
                            /** @description Who invited them; 0 nobody */
                            inviter_id: number;
                            /** @description Two-step verification is on */
                            two_factor: boolean;
                            /** @description How many passkeys they registered */
                            passkeys: number;
                            /** @description Requests and tokens per minute, and spending caps per day, week and month */
                            limits: {
                                /** @description Requests per minute; 0 or absent: no limit */
                                rpm?: number;
                                /** @description Tokens (input and output) per minute; 0 or absent: no limit */
                                tpm?: number;
                                /** @description Most quota spent per day (in the budget_time_zone setting's calendar); 0 or absent: no cap */
                                day?: number;
                                /** @description Most quota spent per week (from Monday) (in the budget_time_zone setting's calendar); 0 or absent: no cap */
                                week?: number;
                                /** @description Most quota spent per month (in the budget_time_zone setting's calendar); 0 or absent: no cap */
                                month?: number;
                            };
                        };
                    };
                };
            };
            /** @description Failure: {success: false, message} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    put_api_user_id_: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    display_name?: string;
                    /** @description Set by an admin: not verified by mail */
                    email?: string;
                    group?: string;
                    /** @description 1 common user, 10 admin (only the root makes admins) */
                    role?: number;
                    /** @description Requests and tokens per minute, and spending caps per day, week and month */
                    limits?: {
                        /** @description Requests per minute; 0 or absent: no limit */
                        rpm?: number;
                        /** @description Tokens (input and output) per minute; 0 or absent: no limit */
                        tpm?: number;
                        /** @description Most quota spent per day (in the budget_time_zone setting's calendar); 0 or absent: no cap */
                        day?: number;
                        /** @description Most quota spent per week (from Monday) (in the budget_time_zone setting's calendar); 0 or absent: no cap */
                        week?: number;
                        /** @description Most quota spent per month (in the budget_time_zone setting's calendar); 0 or absent: no cap */
                        month?: number;
                    };
                    /** @description The new quota; the difference is recorded as a top-up (or a deduction) */
                    quota?: number;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        message: string;
                        data: {
                            id: number;
                            username: string;
                            display_name: string;
                            /** @description 1 common, 10 admin, 100 root */
                            role: 1 | 10 | 100;
                            /** @description 1 enabled, 2 disabled */
                            status: number;
                            email: string;
                            group: string;
                            quota: number;
                            used_quota: number;
                            request_count: number;
                            has_access_token: boolean;
                            created_at: number;
                            last_login_at: number;
                            /** @description The console language the user chose ('en', 'zh-CN'); empty: not chosen (the browser's) */
                            language: string;
                            /** @description Their invitation code */
                            aff_code: string;
                            /** @description Users registered with their code */
                            aff_count: number;
                            /** @description Invitation rewards not yet moved into quota */
                            aff_quota: number;
                            /** @description Every invitation reward earned */
                            aff_history_quota: number;
                            /** @description Who invited them; 0 nobody */
                            inviter_id: number;
                            /** @description Two-step verification is on */
                            two_factor: boolean;
                            /** @description How many passkeys they registered */
                            passkeys: number;
                            /** @description Requests and tokens per minute, and spending caps per day, week and month */
                            limits: {
                                /** @description Requests per minute; 0 or absent: no limit */
                                rpm?: number;
                                /** @description Tokens (input and output) per minute; 0 or absent: no limit */
                                tpm?: number;
                                /** @description Most quota spent per day (in the budget_time_zone setting's calendar); 0 or absent: no cap */
                                day?: number;
                                /** @description Most quota spent per week (from Monday) (in the budget_time_zone setting's calendar); 0 or absent: no cap */
                                week?: number;
                                /** @description Most quota spent per month (in the budget_time_zone setting's calendar); 0 or absent: no cap */
                                month?: number;
                            };
                        };
                    };
                };
            };
            /** @description Failure: {success: false, message} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    delete_api_user_id_: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        message: string;
                        /** @enum {unknown|null} */
                        data: null;
                    };
                };
            };
            /** @description Failure: {success: false, message} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    get_api_user_id_budgets: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        message: string;
                        data: {
                            period: "day" | "week" | "month";
                            limit: number;
                            /** @description Spent in the period so far, calls in progress included */
                            spent: number;
                            left: number;
                            /** @description ms: when the period ends and the budget starts again */
                            resets_at: number;
                        }[];
                    };
                };
            };
            /** @description Failure: {success: false, message} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    post_api_user_id_reset_password: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    password: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        message: string;
                        /** @enum {unknown|null} */
                        data: null;
                    };
                };
            };
            /** @description Failure: {success: false, message} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    post_api_user_id_reset_2fa: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        message: string;
                        /** @enum {unknown|null} */
                        data: null;
                    };
                };
            };
            /** @description Failure: {success: false, message} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    get_api_openapi_json: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Failure: {success: false, message} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
}
