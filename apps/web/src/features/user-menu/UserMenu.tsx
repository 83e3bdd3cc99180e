import { useNavigate } from "react-router";
import { config } from "../../app/config.ts";
import { Avatar } from "../../ui/Avatar.tsx";
import { UsersIcon } from "../../ui/Icon.tsx";
import {
  MenuContent,
  MenuExternalItem,
  MenuItem,
  MenuLinkItem,
  MenuRoot,
  MenuSeparator,
  MenuTrigger,
} from "../../ui/Menu.tsx";
import { openModal } from "../modals/modalStore.ts";
import { useSession } from "../session/SessionProvider.tsx";
import styles from "./UserMenu.module.css";

/**
 * The avatar menu (spec 1 §2). Signed in: User settings, Profile, Storage (hidden on-premise),
 * Documentation, Feedback, the product site, Sign out. Signed out: Documentation and the product site.
 */
export function UserMenu() {
  const { user, isLoggedIn, features } = useSession();
  const navigate = useNavigate();
  const onPremise = features?.onPremise ?? false;

  return (
    <MenuRoot>
      <MenuTrigger className={styles.trigger} aria-label={isLoggedIn ? "User menu" : "Menu"}>
        {isLoggedIn && user ? (
          <span className={styles.ring}>
            <Avatar name={user.name || user.username} src={user.avatarUrl} size={28} />
          </span>
        ) : (
          <span className={styles.anon}>
            <UsersIcon size={14} />
          </span>
        )}
      </MenuTrigger>
      <MenuContent>
        {isLoggedIn && user && (
          <>
            <div className={styles.who}>
              <strong>{user.name || user.username}</strong>
              <span>{user.email ?? `@${user.username}`}</span>
            </div>
            <MenuSeparator />
            <MenuItem onSelect={() => void openModal("preferences", { tab: "account" })}>
              User settings
            </MenuItem>
            <MenuLinkItem to={`/u/${encodeURIComponent(user.username)}`}>Profile</MenuLinkItem>
            {!onPremise && <MenuItem onSelect={() => void openModal("storage")}>Storage</MenuItem>}
            <MenuSeparator />
          </>
        )}
        <MenuExternalItem href={config.docsUrl}>Documentation</MenuExternalItem>
        {isLoggedIn && <MenuItem onSelect={() => void openModal("feedback")}>Feedback</MenuItem>}
        <MenuExternalItem href={config.productSiteUrl}>{config.productName} website</MenuExternalItem>
        {isLoggedIn && (
          <>
            <MenuSeparator />
            <MenuItem onSelect={() => navigate("/signout")}>Sign out</MenuItem>
          </>
        )}
      </MenuContent>
    </MenuRoot>
  );
}
