import {
  COMPANY_SIZE_OPTIONS,
  MESSAGES,
  normalizeOnboarding,
  onboardingSchema,
  ROLE_OPTIONS,
  USAGE_OPTIONS,
  USERNAME_PATTERN,
} from "@boxyard/domain";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { finalizeSignUp, pendingUserQuery, usernameAvailableQuery } from "../../api/queries/users.ts";
import type { PendingUser } from "../../api/rest-types.ts";
import { Avatar } from "../../ui/Avatar.tsx";
import { Button } from "../../ui/Button.tsx";
import { Select } from "../../ui/Select.tsx";
import { Skeleton } from "../../ui/Skeleton.tsx";
import { TextField } from "../../ui/TextField.tsx";
import { toast } from "../../ui/toastStore.ts";
import { useAuthFlow } from "../auth/AuthFlowProvider.tsx";
import { PASSWORD_TEXTS } from "../auth/passwordTexts.ts";
import { useSession } from "../session/SessionProvider.tsx";
import { setStoredWorkspaceId } from "../session/storage.ts";
import styles from "./OnboardingForm.module.css";

/** The new-user form that follows sign-up for a pending user (spec 1 §5). */
export function OnboardingForm({ userId }: { userId: string }) {
  const pending = useQuery(pendingUserQuery(userId));
  const { setPendingUserId } = useSession();
  const { continuePath } = useAuthFlow();
  const navigate = useNavigate();
  const { pathname } = useLocation();

  /** Forgets the sign-up; on /signup/{id} (which waits for its pending user) also leaves for /signin. */
  function backToSignIn() {
    setPendingUserId(null);
    if (pathname.startsWith("/signup/")) {
      navigate(continuePath ? `/signin?continue=${encodeURIComponent(continuePath)}` : "/signin", {
        replace: true,
      });
    }
  }

  if (pending.isPending) {
    return (
      <div className={styles.form} aria-busy="true">
        <Skeleton height={56} />
        <Skeleton height={52} />
        <Skeleton height={52} />
      </div>
    );
  }
  if (pending.isError) {
    return (
      <div className={styles.form}>
        <p className={styles.error} role="alert">
          We couldn't find this sign-up. It may have expired: please sign in again.
        </p>
        <Button onClick={backToSignIn}>Back to sign in</Button>
      </div>
    );
  }
  return <OnboardingFields pendingUser={pending.data} />;
}

type Availability = { username: string; status: "checking" | "available" | "taken" | "unknown" };

/** The server says with the pending user whether its suggested username is free (spec 1 §3). */
function suggestedAvailability(pendingUser: PendingUser): Availability | null {
  const username = pendingUser.username?.trim();
  if (!username) return null;
  return { username, status: pendingUser.valid ? "available" : "taken" };
}
type FieldErrors = Partial<
  Record<"username" | "name" | "role" | "usage" | "companySize" | "companyName", string>
>;

function OnboardingFields({ pendingUser }: { pendingUser: PendingUser }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { reloadUser, setPendingUserId } = useSession();
  const { continuePath } = useAuthFlow();

  const [username, setUsername] = useState(pendingUser.username ?? "");
  const [name, setName] = useState(pendingUser.name ?? "");
  const [role, setRole] = useState("");
  const [usage, setUsage] = useState("");
  const [companyName, setCompanyName] = useState("");
  const [companySize, setCompanySize] = useState("");
  const [availability, setAvailability] = useState<Availability | null>(() =>
    suggestedAvailability(pendingUser),
  );
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitting, setSubmitting] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);

  const trimmed = username.trim();
  const current = availability?.username === trimmed ? availability : null;
  const checking = current?.status === "checking";
  const taken = current?.status === "taken";

  /** Checked on blur (spec 1 §5); resolves with false when the name is taken. */
  async function checkUsername(value: string): Promise<boolean> {
    if (value === "" || !USERNAME_PATTERN.test(value)) return true;
    setAvailability({ username: value, status: "checking" });
    try {
      const available = await queryClient.fetchQuery(usernameAvailableQuery(value));
      setAvailability({ username: value, status: available ? "available" : "taken" });
      return available;
    } catch (error) {
      // The server checks again when the form is sent.
      console.warn("Checking the username failed", error);
      setAvailability({ username: value, status: "unknown" });
      return true;
    }
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    const input = normalizeOnboarding({
      id: pendingUser.id,
      username,
      name,
      role,
      usage,
      companyName: companyName.trim() === "" ? null : companyName,
      companySize: companySize === "" ? null : companySize,
    });
    const parsed = onboardingSchema.safeParse(input);
    if (!parsed.success) {
      const next: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof FieldErrors;
        next[field] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    if (!current || current.status === "unknown") {
      if (!(await checkUsername(parsed.data.username))) return;
    }

    setSubmitting(true);
    try {
      const { primaryTeamId } = await finalizeSignUp({
        id: parsed.data.id,
        username: parsed.data.username,
        name: parsed.data.name,
        role: parsed.data.role,
        usage: parsed.data.usage,
        companyName: parsed.data.companyName ?? null,
        companySize: parsed.data.companySize ?? null,
      });
      const user = await reloadUser();
      // A local account's address is verified by the link mailed now (issue 13).
      if (user?.email && user.emailVerified === false && user.emailVerificationAvailable) {
        toast.success(PASSWORD_TEXTS.sentAfterSignUp(user.email), { id: "verification-sent" });
      }
      if (primaryTeamId) setStoredWorkspaceId(primaryTeamId);
      setPendingUserId(null);
      navigate(continuePath ?? "/dashboard/recent", { replace: true });
    } catch (error) {
      console.error("Finishing the sign-up failed", error);
      setFormError(MESSAGES.createAccountFailed);
      setSubmitting(false);
    }
  }

  const work = usage === "work";
  const usernameHint =
    current?.status === "available" ? <span className={styles.available}>Available</span> : undefined;

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-label="Create your account">
      <div className={styles.identity}>
        <Avatar
          name={pendingUser.name || pendingUser.username || "?"}
          src={pendingUser.avatarUrl}
          size={36}
        />
        <div>
          <strong>{pendingUser.name || pendingUser.username}</strong>
          <p>Your new account</p>
        </div>
      </div>
      <TextField
        label="Username"
        name="username"
        autoComplete="username"
        value={username}
        onChange={(event) => {
          setUsername(event.target.value);
          setErrors((e) => ({ ...e, username: undefined }));
        }}
        onBlur={() => void checkUsername(trimmed)}
        error={taken ? MESSAGES.usernameTaken : errors.username}
        hint={usernameHint}
        required
      />
      <TextField
        label="Display name"
        name="name"
        autoComplete="name"
        value={name}
        onChange={(event) => {
          setName(event.target.value);
          setErrors((e) => ({ ...e, name: undefined }));
        }}
        error={errors.name}
        required
      />
      <div className={styles.row}>
        <Select
          label="Role"
          name="role"
          placeholder="Choose your role"
          options={ROLE_OPTIONS}
          value={role}
          onChange={(event) => {
            setRole(event.target.value);
            setErrors((e) => ({ ...e, role: undefined }));
          }}
          error={errors.role}
          required
        />
        <Select
          label="Usage"
          name="usage"
          placeholder="How will you use it?"
          options={USAGE_OPTIONS}
          value={usage}
          onChange={(event) => {
            const next = event.target.value;
            setUsage(next);
            if (next !== "work") {
              setCompanyName("");
              setCompanySize("");
            }
            setErrors((e) => ({ ...e, usage: undefined, companySize: undefined }));
          }}
          error={errors.usage}
          required
        />
      </div>
      {work && (
        <div className={styles.row}>
          <TextField
            label="Company name"
            name="companyName"
            autoComplete="organization"
            optional
            value={companyName}
            onChange={(event) => setCompanyName(event.target.value)}
            error={errors.companyName}
          />
          <Select
            label="Company size"
            name="companySize"
            placeholder="Choose a size"
            options={COMPANY_SIZE_OPTIONS}
            value={companySize}
            onChange={(event) => {
              setCompanySize(event.target.value);
              setErrors((e) => ({ ...e, companySize: undefined }));
            }}
            error={errors.companySize}
            required
          />
        </div>
      )}
      {formError && (
        <p className={styles.error} role="alert">
          {formError}
        </p>
      )}
      <Button
        type="submit"
        variant="primary"
        size="lg"
        block
        disabled={checking || taken}
        loading={submitting}
      >
        {checking ? MESSAGES.checkingUsername : "Create account"}
      </Button>
    </form>
  );
}
