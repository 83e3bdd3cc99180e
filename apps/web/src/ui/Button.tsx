import type { ButtonHTMLAttributes, ReactNode } from "react";
import { Link, type LinkProps } from "react-router";
import styles from "./Button.module.css";
import { Spinner } from "./Spinner.tsx";

export type ButtonVariant = "primary" | "secondary" | "ghost" | "danger";
export type ButtonSize = "sm" | "md" | "lg";

type Look = { variant?: ButtonVariant; size?: ButtonSize; block?: boolean; iconOnly?: boolean };

export function buttonClass({ variant = "secondary", size = "md", block, iconOnly }: Look, extra?: string) {
  return [
    styles.button,
    styles[variant],
    size !== "md" && styles[size],
    block && styles.block,
    iconOnly && styles.iconOnly,
    extra,
  ]
    .filter(Boolean)
    .join(" ");
}

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> &
  Look & {
    loading?: boolean;
    icon?: ReactNode;
  };

export function Button({
  variant,
  size,
  block,
  iconOnly,
  loading,
  icon,
  className,
  children,
  disabled,
  type = "button",
  ...props
}: ButtonProps) {
  return (
    <button
      type={type}
      className={buttonClass({ variant, size, block, iconOnly }, className)}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...props}
    >
      {loading ? <Spinner size={14} /> : icon}
      {children}
    </button>
  );
}

type ButtonLinkProps = LinkProps & Look & { icon?: ReactNode };

/** A router link that looks like a button. */
export function ButtonLink({
  variant,
  size,
  block,
  iconOnly,
  icon,
  className,
  children,
  ...props
}: ButtonLinkProps) {
  return (
    <Link className={buttonClass({ variant, size, block, iconOnly }, className)} {...props}>
      {icon}
      {children}
    </Link>
  );
}
