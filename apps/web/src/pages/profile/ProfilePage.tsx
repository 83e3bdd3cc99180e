import {
  ACCOUNT_MESSAGES,
  addPinned,
  canFeature,
  PROFILE_PAGE_SIZE,
  PROFILE_SORT_FIELDS,
  PROFILE_SORT_LABELS,
  type ProfileSortField,
  removePinned,
} from "@boxyard/domain";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useParams } from "react-router";
import { ApiError, getErrorMessage } from "../../api/errors.ts";
import { likedSandboxesQuery, profileQuery, profileSandboxesQuery } from "../../api/queries/profiles.ts";
import type { Profile, ProfileSandbox } from "../../api/rest-types.ts";
import { openModal } from "../../features/modals/modalStore.ts";
import type { DeleteProfileSandboxProps } from "../../features/profile/DeleteProfileSandboxModal.tsx";
import { ProfileSandboxCard, sandboxTitle } from "../../features/profile/ProfileSandboxCard.tsx";
import type { SelectSandboxProps } from "../../features/profile/SelectSandboxModal.tsx";
import { PublicPage } from "../../features/public-nav/PublicNavBar.tsx";
import { useSession } from "../../features/session/SessionProvider.tsx";
import { Avatar } from "../../ui/Avatar.tsx";
import { Button } from "../../ui/Button.tsx";
import { EmptyState } from "../../ui/EmptyState.tsx";
import { AlertIcon } from "../../ui/Icon.tsx";
import { Skeleton } from "../../ui/Skeleton.tsx";
import { NotFoundPage } from "../not-found/NotFoundPage.tsx";
import { PinnedSandboxes } from "./PinnedSandboxes.tsx";
import styles from "./ProfilePage.module.css";
import { usePins } from "./usePins.ts";

const compact = new Intl.NumberFormat("en", { notation: "compact" });

/** /u/{username} and /u2/{username} (spec 1 §2, spec 2 §2.6). An unknown user: the not-found page. */
export function ProfilePage() {
  const username = useParams().username ?? "";
  const profile = useQuery(profileQuery(username));
  const { user } = useSession();
  if (profile.isError && profile.error instanceof ApiError && profile.error.status === 404)
    return <NotFoundPage />;
  return (
    <PublicPage title={profile.data ? profile.data.name || profile.data.username : username}>
      <div className={styles.page}>
        {profile.isPending ? (
          <HeaderSkeleton />
        ) : profile.isError ? (
          <EmptyState
            icon={<AlertIcon />}
            title="We couldn't load this profile"
            actions={<Button onClick={() => void profile.refetch()}>Try again</Button>}
          >
            {getErrorMessage(profile.error)}
          </EmptyState>
        ) : (
          <ProfileContent profile={profile.data} owner={user?.id === profile.data.id} />
        )}
      </div>
    </PublicPage>
  );
}

function HeaderSkeleton() {
  return (
    <section className={styles.header} aria-busy="true" aria-label="Loading the profile">
      <Skeleton width={96} height={96} radius={48} />
      <div style={{ display: "grid", gap: 8, flex: 1 }}>
        <Skeleton width="30%" height={24} />
        <Skeleton width="20%" />
        <Skeleton width="60%" />
      </div>
    </section>
  );
}

function ProfileContent({ profile, owner }: { profile: Profile; owner: boolean }) {
  const pins = usePins(profile.username);
  const queryClient = useQueryClient();
  const [tab, setTab] = useState<"sandboxes" | "liked">("sandboxes");

  const pin = (sandbox: ProfileSandbox) => {
    const ids = addPinned(profile.featuredSandboxes, sandbox.id);
    if (ids.length === profile.featuredSandboxes.length) return;
    pins.mutate({ kind: "pins", sandboxes: [...profile.pinnedSandboxes, sandbox], failure: "pin" });
  };
  const unpin = (sandbox: ProfileSandbox) => {
    const ids = removePinned(profile.featuredSandboxes, sandbox.id);
    pins.mutate({
      kind: "pins",
      sandboxes: profile.pinnedSandboxes.filter((s) => ids.includes(s.id)),
      failure: "pin",
    });
  };
  const choose = async (mode: SelectSandboxProps["mode"]) => {
    const id = await openModal<string>("selectSandbox", {
      username: profile.username,
      mode,
      exclude: mode === "pin" ? profile.featuredSandboxes : [],
    } satisfies SelectSandboxProps);
    if (!id) return;
    const all = await queryClient.fetchQuery(
      profileSandboxesQuery(profile.username, { sortBy: "updated_at", direction: "desc", page: "all" }),
    );
    const sandbox = all.find((s) => s.id === id);
    if (!sandbox) return;
    if (mode === "pin") pin(sandbox);
    else pins.mutate({ kind: "showcase", sandbox });
  };
  const remove = async (sandbox: ProfileSandbox) => {
    // The deletion reloads the profile itself (deleteProfileSandboxMutation).
    await openModal<boolean>("deleteProfileSandbox", {
      id: sandbox.id,
      title: sandboxTitle(sandbox),
    } satisfies DeleteProfileSandboxProps);
  };

  const actionsFor = (sandbox: ProfileSandbox) => {
    if (!owner) return undefined;
    const pinned = profile.featuredSandboxes.includes(sandbox.id);
    const featurable = canFeature(sandbox);
    return (
      <>
        {featurable &&
          (pinned ? (
            <Button size="sm" variant="ghost" onClick={() => unpin(sandbox)}>
              Unpin
            </Button>
          ) : (
            <Button size="sm" onClick={() => pin(sandbox)}>
              Pin
            </Button>
          ))}
        {featurable && profile.showcasedSandboxShortid !== sandbox.id && (
          <Button size="sm" variant="ghost" onClick={() => pins.mutate({ kind: "showcase", sandbox })}>
            Showcase
          </Button>
        )}
        <Button size="sm" variant="ghost" onClick={() => void remove(sandbox)}>
          Delete
        </Button>
      </>
    );
  };

  return (
    <>
      <header className={styles.header}>
        <Avatar name={profile.name || profile.username} src={profile.avatarUrl} size={96} />
        <div className={styles.identity}>
          <h1>{profile.name || profile.username}</h1>
          <p className={styles.username}>@{profile.username}</p>
          {profile.bio && <p className={styles.bio}>{profile.bio}</p>}
          {profile.socialLinks.length > 0 && (
            <ul className={styles.links} aria-label="Links">
              {profile.socialLinks.map((link) => (
                <li key={link}>
                  <a href={link} target="_blank" rel="noopener noreferrer nofollow">
                    {link.replace(/^https?:\/\//, "")}
                  </a>
                </li>
              ))}
            </ul>
          )}
        </div>
        <dl className={styles.stats}>
          <div>
            <dt>Sandboxes</dt>
            <dd>{compact.format(profile.sandboxCount)}</dd>
          </div>
        </dl>
      </header>

      {(profile.showcasedSandbox || owner) && (
        <section className={styles.section} aria-labelledby="showcase-title">
          <div className={styles.sectionHead}>
            <h2 id="showcase-title">Showcase</h2>
            {owner && (
              <div className={styles.sectionActions}>
                <Button size="sm" onClick={() => void choose("showcase")}>
                  {profile.showcasedSandbox ? "Change showcase" : "Showcase a sandbox"}
                </Button>
                {profile.showcasedSandbox && (
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() => pins.mutate({ kind: "showcase", sandbox: null })}
                  >
                    Remove showcase
                  </Button>
                )}
              </div>
            )}
          </div>
          {profile.showcasedSandbox ? (
            <ProfileSandboxCard sandbox={profile.showcasedSandbox} big />
          ) : (
            <p className={styles.muted}>Showcase one of your public sandboxes at the top of your profile.</p>
          )}
        </section>
      )}

      {(profile.pinnedSandboxes.length > 0 || owner) && (
        <section className={styles.section} aria-labelledby="pinned-title">
          <div className={styles.sectionHead}>
            <h2 id="pinned-title">Pinned</h2>
            {owner && (
              <Button size="sm" onClick={() => void choose("pin")}>
                Pin a sandbox
              </Button>
            )}
          </div>
          {profile.pinnedSandboxes.length === 0 ? (
            <p className={styles.muted}>Pin your best public sandboxes; drag them to change their order.</p>
          ) : (
            <PinnedSandboxes
              pinned={profile.pinnedSandboxes}
              owner={owner}
              onUnpin={unpin}
              onReorder={(sandboxes) => pins.mutate({ kind: "pins", sandboxes, failure: "reorder" })}
            />
          )}
        </section>
      )}

      <section className={styles.section}>
        <div className={styles.tabs} role="tablist" aria-label="Sandboxes">
          {(
            [
              ["sandboxes", owner ? "All sandboxes" : "Sandboxes"],
              ["liked", "Liked"],
            ] as const
          ).map(([id, label]) => (
            <button
              key={id}
              type="button"
              role="tab"
              id={`profile-tab-${id}`}
              aria-selected={tab === id}
              aria-controls={`profile-panel-${id}`}
              className={styles.tab}
              onClick={() => setTab(id)}
            >
              {label}
            </button>
          ))}
        </div>
        <div role="tabpanel" id={`profile-panel-${tab}`} aria-labelledby={`profile-tab-${tab}`}>
          {tab === "sandboxes" ? (
            <AllSandboxes username={profile.username} owner={owner} actionsFor={actionsFor} />
          ) : (
            <LikedSandboxes username={profile.username} />
          )}
        </div>
      </section>
    </>
  );
}

function AllSandboxes({
  username,
  owner,
  actionsFor,
}: {
  username: string;
  owner: boolean;
  actionsFor: (s: ProfileSandbox) => React.ReactNode;
}) {
  const [sortBy, setSortBy] = useState<ProfileSortField>("view_count");
  const [direction, setDirection] = useState<"asc" | "desc">("desc");
  const [page, setPage] = useState(1);
  const list = useQuery(profileSandboxesQuery(username, { sortBy, direction, page }));
  return (
    <>
      <div className={styles.controls}>
        <label className={styles.sort}>
          Sort by
          <select
            value={sortBy}
            onChange={(e) => {
              setSortBy(e.target.value as ProfileSortField);
              setPage(1);
            }}
          >
            {PROFILE_SORT_FIELDS.map((field) => (
              <option key={field} value={field}>
                {PROFILE_SORT_LABELS[field]}
              </option>
            ))}
          </select>
        </label>
        <Button
          size="sm"
          variant="ghost"
          onClick={() => {
            setDirection((d) => (d === "desc" ? "asc" : "desc"));
            setPage(1);
          }}
          aria-label={
            direction === "desc" ? "Descending: switch to ascending" : "Ascending: switch to descending"
          }
        >
          {direction === "desc" ? "↓ Descending" : "↑ Ascending"}
        </Button>
      </div>
      <SandboxList
        query={list}
        page={page}
        setPage={setPage}
        empty={owner ? "You haven't created any sandboxes yet." : "No public sandboxes yet."}
        render={(sandbox) => (
          <ProfileSandboxCard
            sandbox={sandbox}
            actions={actionsFor(sandbox)}
            dimmed={owner && !canFeature(sandbox)}
            note={owner && !canFeature(sandbox) ? ACCOUNT_MESSAGES.cannotFeature : undefined}
          />
        )}
      />
    </>
  );
}

function LikedSandboxes({ username }: { username: string }) {
  const [page, setPage] = useState(1);
  const list = useQuery(likedSandboxesQuery(username, page));
  return (
    <SandboxList
      query={list}
      page={page}
      setPage={setPage}
      empty="No liked sandboxes yet."
      render={(sandbox) => <ProfileSandboxCard sandbox={sandbox} />}
    />
  );
}

function SandboxList({
  query,
  page,
  setPage,
  empty,
  render,
}: {
  query: {
    isPending: boolean;
    isError: boolean;
    error: unknown;
    data?: ProfileSandbox[];
    refetch: () => unknown;
  };
  page: number;
  setPage: (page: number) => void;
  empty: string;
  render: (sandbox: ProfileSandbox) => React.ReactNode;
}) {
  if (query.isPending) {
    return (
      <ul className={styles.grid} aria-busy="true" aria-label="Loading sandboxes">
        {Array.from({ length: 3 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
          <li key={i}>
            <Skeleton height={154} radius={8} />
          </li>
        ))}
      </ul>
    );
  }
  if (query.isError) {
    return (
      <EmptyState
        icon={<AlertIcon />}
        title="We couldn't load these sandboxes"
        actions={<Button onClick={() => void query.refetch()}>Try again</Button>}
      >
        {getErrorMessage(query.error)}
      </EmptyState>
    );
  }
  const items = query.data ?? [];
  if (items.length === 0 && page === 1) return <p className={styles.muted}>{empty}</p>;
  return (
    <>
      <ul className={styles.grid}>
        {items.map((sandbox) => (
          <li key={sandbox.id}>{render(sandbox)}</li>
        ))}
      </ul>
      {(page > 1 || items.length === PROFILE_PAGE_SIZE) && (
        <nav className={styles.pager} aria-label="Pages">
          <Button size="sm" disabled={page === 1} onClick={() => setPage(page - 1)}>
            Previous
          </Button>
          <span>Page {page}</span>
          <Button size="sm" disabled={items.length < PROFILE_PAGE_SIZE} onClick={() => setPage(page + 1)}>
            Next
          </Button>
        </nav>
      )}
    </>
  );
}
