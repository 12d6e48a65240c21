/** Inline styles shared by the account e-mails (reset link, password updated). */
export const emailStyles = {
  body: { backgroundColor: "#f5f7f2", fontFamily: "Arial, Helvetica, sans-serif", color: "#1f2933", margin: 0, padding: "24px 0" },
  container: { backgroundColor: "#ffffff", border: "1px solid #d9e2d5", borderRadius: "8px", padding: "24px", maxWidth: "600px" },
  heading: { color: "#14532d", fontSize: "20px", margin: "0 0 16px" },
  text: { fontSize: "15px", lineHeight: "22px", margin: "0 0 12px" },
  small: { color: "#52606d", fontSize: "13px", lineHeight: "20px", margin: "16px 0 0" },
  link: { color: "#14532d", wordBreak: "break-all" as const },
  button: { backgroundColor: "#14532d", borderRadius: "6px", color: "#ffffff", fontWeight: 700, padding: "12px 20px", textDecoration: "none" },
};
