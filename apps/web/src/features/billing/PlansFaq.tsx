import { CREDIT_PRICE_USD, PLANS, REFUND_RULE, SPENDING_LIMIT_MAX, VM_TIERS } from "@boxyard/domain";
import styles from "./Billing.module.css";

const FAQ: { question: string; answer: string }[] = [
  {
    question: "What are credits?",
    answer: `Devboxes and repositories run on virtual machines that use credits by the hour. One credit costs $${CREDIT_PRICE_USD}; the smallest VM uses ${VM_TIERS[0]!.creditBasis} credits an hour. Browser sandboxes need no credits.`,
  },
  {
    question: "What happens when I run out of credits?",
    answer: `On Build, devboxes are frozen until the next billing cycle once the ${PLANS.free.credits} included credits are used. On Pro and Scale, on-demand credits are used up to your spending limit.`,
  },
  {
    question: "What is the spending limit?",
    answer: `The most a Pro or Scale workspace spends on on-demand credits in a cycle, up to $${SPENDING_LIMIT_MAX.pro}. For the first two billing cycles the maximum is $${SPENDING_LIMIT_MAX.free}. At the limit, devboxes are frozen until the limit is raised or the next cycle starts.`,
  },
  {
    question: "Can I buy more credits?",
    answer: "Yes: Pro and Scale workspaces can add credit add-ons to their plan, billed with it every cycle.",
  },
  { question: "Can I get a refund?", answer: REFUND_RULE.text },
];

/** The plans page's FAQ, with the refund rule (spec 2 §2.8, §9). */
export function PlansFaq() {
  return (
    <section className={`${styles.section} ${styles.faq}`} aria-labelledby="plans-faq">
      <h2 id="plans-faq" className={styles.sectionTitle}>
        Frequently asked questions
      </h2>
      <div>
        {FAQ.map((item) => (
          <details key={item.question}>
            <summary>{item.question}</summary>
            <p>{item.answer}</p>
          </details>
        ))}
      </div>
    </section>
  );
}
