;;; toolcall-tests.el --- ERT tests against the real bridge  -*- lexical-binding: t -*-

;; Copyright (C) 2026 The toolcall authors
;; SPDX-License-Identifier: MIT

;;; Commentary:

;; Every test starts the real bridge (dist/bridge.js, built first) with the
;; fixture tools of test/fixtures/fs-tools.mjs (Read, Grep, Wait, Gate) in a
;; temporary workspace, and stops it afterwards.

;;; Code:

(require 'ert)
(require 'toolcall)
(require 'toolcall-executions)

(defvar toolcall-test--root
  (expand-file-name ".." (file-name-directory (or load-file-name buffer-file-name))))

(defvar toolcall-test--flag nil "Set by EmacsEval in the permission test.")

(defun toolcall-test--wait-until (predicate)
  "Process events until PREDICATE returns non-nil; fail after 30 seconds."
  (with-timeout (30 (ert-fail "timed out waiting"))
    (while (not (funcall predicate)) (accept-process-output nil 0.05))))

(defvar toolcall-test--messages nil "Messages shown while `toolcall-test--with-messages' runs.")

(defmacro toolcall-test--with-messages (&rest body)
  "Run BODY, collecting what `message' shows in `toolcall-test--messages'."
  (declare (indent 0) (debug t))
  `(let ((toolcall-test--messages '()))
     (cl-letf (((symbol-function 'message)
                (lambda (format-string &rest arguments)
                  (when format-string
                    (push (apply #'format-message format-string arguments)
                          toolcall-test--messages)))))
       ,@body)))

(defun toolcall-test--wait-for-message (regexp)
  "Wait until a collected message matches REGEXP; return it."
  (let (found)
    (toolcall-test--wait-until
     (lambda ()
       (setq found (seq-find (lambda (shown) (string-match-p regexp shown))
                             toolcall-test--messages))))
    found))

(defmacro toolcall-test--with-bridge (&rest body)
  "Run BODY with a fresh bridge in a temporary workspace bound to `dir'.
Its checkpoints go to a temporary `toolcall-state-directory'."
  (declare (indent 0) (debug t))
  `(let* ((dir (file-name-as-directory (make-temp-file "toolcall-test-" t)))
          (toolcall-workspace dir)
          (toolcall-state-directory (file-name-as-directory
                                     (make-temp-file "toolcall-state-" t)))
          (toolcall-bridge-script (expand-file-name "dist/bridge.js" toolcall-test--root))
          ;; A loaded machine may take longer than a user would wait for a clean exit.
          (toolcall-stop-timeout 30)
          (toolcall-bridge-arguments
           (list "--tools-module"
                 (expand-file-name "test/fixtures/fs-tools.mjs" toolcall-test--root))))
     (ignore dir)
     (with-temp-file (expand-file-name "a.txt" dir) (insert "alpha\nbeta\n"))
     (with-temp-file (expand-file-name "b.txt" dir) (insert "gamma\nalphabet\n"))
     (when (get-buffer toolcall-view-buffer-name) (kill-buffer toolcall-view-buffer-name))
     (unwind-protect
         (progn (toolcall-ensure) ,@body)
       (toolcall-stop)
       (delete-directory dir t)
       (delete-directory toolcall-state-directory t))))

(defun toolcall-test--view-text ()
  "Return the view buffer's text as it is shown, each line after its `line-prefix'."
  (with-current-buffer toolcall-view-buffer-name
    (save-excursion
      (goto-char (point-min))
      (let ((lines '()))
        (while (not (eobp))
          (push (concat (or (get-text-property (point) 'line-prefix) "")
                        (buffer-substring-no-properties (point) (line-end-position)))
                lines)
          (forward-line 1))
        (mapconcat (lambda (line) (concat line "\n")) (nreverse lines) "")))))

(defun toolcall-test--view-matches-p (regexp)
  "Return non-nil when the view buffer exists and its text matches REGEXP."
  (and (get-buffer toolcall-view-buffer-name)
       (string-match-p regexp (toolcall-test--view-text))))

(ert-deftest toolcall-test-script-view ()
  "A script with nested Read and Grep calls draws foldable rows."
  (toolcall-test--with-bridge
    (let ((result (toolcall-run-expression-sync
                   (format "(list (Read :file_path \"%sa.txt\") (Grep :pattern \"alpha\" :path \"%s\"))"
                           dir dir))))
      (should (equal (plist-get result :status) "success"))
      (should (string-match-p "1\talpha" (plist-get result :result)))
      (let ((text (toolcall-test--view-text)))
        (should (string-match-p "^▾ ToolCall: " text))
        (should (string-match-p (concat "^  ▸ Read " (regexp-quote dir) "a.txt$") text))
        (should (string-match-p "^  ▸ Grep \"alpha\"" text))
        ;; The Read row starts closed: its body is not drawn.
        (should-not (string-match-p "^      1\talpha$" text)))
      (with-current-buffer toolcall-view-buffer-name
        (goto-char (point-min))
        (re-search-forward "^  ▸ Read")
        (toolcall-view-toggle)
        (should (string-match-p "^  ▾ Read .*\n      1\talpha\n      2\tbeta\n"
                                (toolcall-test--view-text)))
        (toolcall-view-toggle)
        (should-not (string-match-p "^      1\talpha$" (toolcall-test--view-text)))
        ;; Closing the envelope hides every child row.
        (goto-char (point-min))
        (toolcall-view-toggle)
        (should (equal (buffer-string) (concat (buffer-substring (point-min) (line-end-position)) "\n")))
        (should (string-match-p "^▸ ToolCall: " (buffer-string)))))))

(ert-deftest toolcall-test-hosted-tool-from-script ()
  "A ToolCall script calls tools that Emacs hosts; describing a symbol asks first."
  (toolcall-test--with-bridge
    (let ((prompts '()) (answer ?y))
      (cl-letf (((symbol-function 'read-event)
                 (lambda (prompt &rest _)
                   (push prompt prompts)
                   answer)))
        (let ((result (toolcall-run-expression-sync
                       "(list (EmacsFind :pattern \"^toolcall-run-buffer$\") (EmacsDescribe :symbol \"toolcall-run-buffer\"))")))
          (should (equal (plist-get result :status) "success"))
          (should (string-match-p "toolcall-run-buffer" (plist-get result :result)))
          (should (string-match-p "Run the whole buffer as one ToolCall script"
                                  (plist-get result :result)))
          (should (string-match-p "EmacsFind" (toolcall-test--view-text)))
          ;; Only the description, which can carry a variable's value, was asked about.
          (should (= (length prompts) 1))
          (should (string-match-p "\\`Allow EmacsDescribe " (car prompts))))
        (setq answer ?n)
        (let ((result (toolcall-run-expression-sync
                       "(EmacsDescribe :symbol \"toolcall-run-buffer\")")))
          (should (equal (plist-get result :status) "error"))
          (should-not (string-match-p "Run the whole buffer" (plist-get result :result))))))))

(ert-deftest toolcall-test-buffers-tool ()
  "EmacsBuffers returns a buffer with line numbers."
  (should (equal (with-temp-buffer
                   (rename-buffer "toolcall-test-buffer" t)
                   (insert "one\ntwo")
                   (toolcall-host-call "EmacsBuffers" (list :buffer (buffer-name))))
                 '(:result "     1\tone\n     2\ttwo" :status "success"))))

(ert-deftest toolcall-test-permission-prompt ()
  "EmacsEval asks in the minibuffer; allow runs it and deny refuses it."
  (toolcall-test--with-bridge
    (let ((prompts '()) (answer ?y))
      (cl-letf (((symbol-function 'read-event)
                 (lambda (prompt &rest _)
                   (push prompt prompts)
                   answer)))
        (setq toolcall-test--flag nil)
        (let ((result (toolcall-run-expression-sync
                       "(EmacsEval :form \"(setq toolcall-test--flag 42)\")")))
          (should (equal (plist-get result :result) "42"))
          (should (equal toolcall-test--flag 42))
          (should (string-match-p "\\`Allow EmacsEval " (car prompts))))
        (setq answer ?n)
        (let ((result (toolcall-run-expression-sync
                       "(EmacsEval :form \"(setq toolcall-test--flag 7)\")")))
          (should (equal (plist-get result :status) "error"))
          (should (equal toolcall-test--flag 42))
          (should (= (length prompts) 2)))))))

(ert-deftest toolcall-test-risky-local-variables ()
  "A workspace's .dir-locals.el never sets what widens the bridge's authority."
  (dolist (variable '(toolcall-node-command toolcall-bridge-script
                      toolcall-bridge-arguments toolcall-workspace
                      toolcall-sandbox-mode toolcall-state-directory
                      toolcall-host-tools toolcall-host-custom-tools
                      toolcall-host-permission-function))
    (should (risky-local-variable-p variable))))

(ert-deftest toolcall-test-crash-restart ()
  "A killed bridge is restarted and serves again."
  (toolcall-test--with-bridge
    (let ((old toolcall--process))
      (signal-process old 'KILL)
      (toolcall-test--wait-until (lambda () (and (toolcall-live-p) (not (eq toolcall--process old)))))
      (should (member "Read" (mapcar (lambda (tool) (plist-get tool :name))
                                     (plist-get (toolcall--request-sync "tools/list" '()) :tools)))))))

(ert-deftest toolcall-test-quit-cancels-script ()
  "Quitting while a script runs stops it in the bridge."
  (toolcall-test--with-bridge
    (let* ((live-view nil)
           (timer (run-with-timer
                  0.05 0.05
                  (lambda ()
                    (when (and (not live-view)
                               (get-buffer toolcall-view-buffer-name)
                               (string-match-p "^  . Wait" (toolcall-test--view-text)))
                      (setq live-view (toolcall-test--view-text))
                      (setq quit-flag t))))))
      (unwind-protect
          (should (eq (condition-case nil
                          (progn (toolcall-run-expression-sync "(list 1 (Wait))") 'finished)
                        (quit 'quit))
                      'quit))
        (cancel-timer timer))
      ;; The view was updated live while the script ran.
      (should (string-match-p "^▾ ToolCall: 1 call (running)" live-view))
      (toolcall-test--wait-until
       (lambda ()
         (equal (mapcar (lambda (execution) (plist-get execution :status))
                        (plist-get (toolcall--request-sync "executions/list" '()) :executions))
                '("cancelled"))))
      (toolcall-executions)
      (should (string-match-p "ToolCall +cancelled"
                              (with-current-buffer "*toolcall executions*" (buffer-string)))))))

(ert-deftest toolcall-test-parallel-batch ()
  "Calls of one parallel join are drawn as a bracketed batch."
  (toolcall-test--with-bridge
    (toolcall-run-expression-sync
     (format "(parallel (Read :file_path \"%sa.txt\") (Read :file_path \"%sb.txt\"))" dir dir))
    (let ((text (toolcall-test--view-text)))
      (should (string-match-p (concat "^  ┌ ▸ Read " (regexp-quote dir) "a.txt$") text))
      (should (string-match-p (concat "^  └ ▸ Read " (regexp-quote dir) "b.txt$") text)))))

(ert-deftest toolcall-test-ask-questionnaire ()
  "Ask questions are answered through `completing-read'."
  (toolcall-test--with-bridge
    (let ((prompts '()))
      (cl-letf (((symbol-function 'completing-read)
                 (lambda (prompt collection &rest _)
                   (push (cons prompt collection) prompts)
                   "blue")))
        (let ((result (toolcall-call-tool-sync
                       "Ask"
                       (list :questions
                             (vector (list :question "Which colour?"
                                           :options (vector (list :label "red")
                                                            (list :label "blue"))))))))
          (should (equal (plist-get result :status) "success"))
          (should (string-match-p "blue" (plist-get result :result)))
          (should (equal prompts '(("Which colour? " "red" "blue")))))))))

(ert-deftest toolcall-test-malformed-arguments ()
  "A bridge error is a sentence for people, in the echo area and in the signal."
  (toolcall-test--with-bridge
    (should (equal (cdr (should-error (toolcall--request-sync "no/such" '())
                                      :type 'toolcall-rpc-error))
                   '("The bridge does not know the request no/such; toolcall.el and the bridge (bridge.js) may be of different versions."
                     -32601)))
    (should (equal (cdr (should-error (toolcall-call-tool-sync "NoSuchTool" '())
                                      :type 'toolcall-rpc-error))
                   '("The bridge has no tool named NoSuchTool." -32602)))
    (toolcall-test--with-messages
      (toolcall-run-expression "")
      (let ((shown (toolcall-test--wait-for-message "\\`toolcall: ")))
        (should (string-prefix-p "toolcall: The bridge refused the arguments: expression: " shown))
        (should-not (string-match-p "-32602\\|Invalid params" shown))))
    (should (equal (plist-get (toolcall-run-expression-sync "(+ 1 2)") :result) "3"))))

(ert-deftest toolcall-test-buffer-commands ()
  "The last sexp, the region and the whole buffer run; each result reaches the echo area."
  (toolcall-test--with-bridge
    (toolcall-test--with-messages
      (with-temp-buffer
        (insert "(+ 1 2)")
        (toolcall-eval-last-sexp)
        (toolcall-test--wait-for-message "\\`3\\'")
        (erase-buffer)
        (insert "(+ 2 2) (+ 3 3)")
        (toolcall-eval-region 1 8)
        (toolcall-test--wait-for-message "\\`4\\'")
        (erase-buffer)
        (insert (format "(Read :file_path \"%sb.txt\")" dir))
        (toolcall-run-buffer)
        (toolcall-test--wait-for-message "\\`1\tgamma\n2\talphabet\\'")))))

(ert-deftest toolcall-test-call-tool-prompts ()
  "`toolcall-call-tool' completes tool names, prompts once per argument, echoes the result."
  (toolcall-test--with-bridge
    (let ((prompts '()))
      (cl-letf (((symbol-function 'completing-read)
                 (lambda (prompt collection &rest _)
                   (push prompt prompts)
                   (should (member "Grep" collection))
                   "Grep"))
                ((symbol-function 'read-string)
                 (lambda (prompt &rest _)
                   (push prompt prompts)
                   (if (string-prefix-p "pattern" prompt) "^gam" dir))))
        (toolcall-test--with-messages
          (call-interactively #'toolcall-call-tool)
          (should (equal (reverse prompts)
                         '("Tool: " "pattern (string): " "path (string): ")))
          (toolcall-test--wait-for-message
           (concat "\\`" (regexp-quote (concat dir "b.txt\n1:gamma")) "\\'")))))))

(ert-deftest toolcall-test-executions-stop ()
  "The executions list polls the bridge and `k' stops the execution at point."
  (toolcall-test--with-bridge
    (let ((settled nil))
      (toolcall--request "toolcall/run" '(:expression "(Wait)")
                         (lambda (_result error) (setq settled error)))
      (toolcall-test--wait-until
       (lambda ()
         (equal (mapcar (lambda (execution) (plist-get execution :status))
                        (plist-get (toolcall--request-sync "executions/list" '()) :executions))
                '("running"))))
      (toolcall-executions)
      (with-current-buffer "*toolcall executions*"
        (goto-char (point-min))
        (should (string-match-p "e1 +ToolCall +running" (buffer-string)))
        (toolcall-executions-stop)
        (toolcall-test--wait-until (lambda () settled))
        (should (equal (plist-get settled :code) -32800))
        (revert-buffer)
        (should (string-match-p "e1 +ToolCall +cancelled" (buffer-string)))))))

(ert-deftest toolcall-test-clean-stop ()
  "`toolcall-stop' lets the bridge exit with status 0 and does not restart it."
  (toolcall-test--with-bridge
    (let ((process toolcall--process))
      (toolcall-stop)
      (should (eq (process-status process) 'exit))
      (should (= (process-exit-status process) 0))
      (should-not (toolcall-live-p)))))

(ert-deftest toolcall-test-error-row ()
  "A failed nested call is drawn closed, with the error sign and face."
  (toolcall-test--with-bridge
    (toolcall-run-expression-sync (format "(list (Read :file_path \"%smissing.txt\") 1)" dir))
    (with-current-buffer toolcall-view-buffer-name
      (goto-char (point-min))
      (should (re-search-forward "^  ▸ × " nil t))
      (should (eq (get-text-property (point) 'face) 'toolcall-view-error)))))

(ert-deftest toolcall-test-denied-row ()
  "A nested call the person denies is drawn closed, with the denied sign and the error face."
  (toolcall-test--with-bridge
    (cl-letf (((symbol-function 'read-event) (lambda (&rest _) ?n)))
      (setq toolcall-test--flag nil)
      (let ((result (toolcall-run-expression-sync
                     "(list (EmacsEval :form \"(setq toolcall-test--flag 7)\") 1)")))
        (should (equal (plist-get result :status) "error"))
        (should-not toolcall-test--flag))
      (with-current-buffer toolcall-view-buffer-name
        (goto-char (point-min))
        (should (looking-at-p "▾ × ToolCall: 1 call (1 denied)"))
        (should (re-search-forward "^  ▸ ⊗ EmacsEval" nil t))
        (should (eq (get-text-property (match-beginning 0) 'face) nil))
        (should (eq (get-text-property (- (point) (length "EmacsEval")) 'face)
                    'toolcall-view-denied))
        ;; Closed: the denial's text is not drawn under it.
        (should-not (string-match-p "^ +Error: Permission denied" (toolcall-test--view-text)))))))

(ert-deftest toolcall-test-interrupted-row ()
  "An interrupted row is drawn with its own sign and face."
  (when (get-buffer toolcall-view-buffer-name) (kill-buffer toolcall-view-buffer-name))
  (let ((row (lambda (id status header expanded children)
               (list :kind "row" :id id :tool "Bash" :header header :status status
                     :expandable t :expanded expanded :count 1 :body "" :children children))))
    (toolcall-view-update
     "e9"
     (list :version 1
           :items (list (funcall row "E" "interrupted" "ToolCall: 2 calls (1 interrupted)" t
                                 (list (funcall row "E/1" "cancelled" "Bash stop" nil nil)
                                       (funcall row "E/2" "interrupted" "Bash sleep 30" nil nil))))
           :warnings nil))
    (toolcall-view-flush)
    (with-current-buffer toolcall-view-buffer-name
      (should (equal (buffer-string)
                     (concat "▾ ↯ ToolCall: 2 calls (1 interrupted)\n"
                             "  ▸ ⊘ Bash stop\n"
                             "  ▸ ↯ Bash sleep 30\n")))
      (goto-char (point-min))
      (re-search-forward "Bash sleep 30")
      (should (eq (get-text-property (match-beginning 0) 'face) 'toolcall-view-interrupted)))
    (kill-buffer toolcall-view-buffer-name)))

(ert-deftest toolcall-test-custom-tool ()
  "A tool defined in Lisp is callable from a composed script as emacs/NAME."
  (let ((toolcall-host-custom-tools nil))
    (toolcall-define-tool "Upcase" "Upcases text." '((text "string" "The text."))
                          (lambda (arguments) (upcase (plist-get arguments :text)))
                          t)
    (toolcall-test--with-bridge
      (should (equal (plist-get (toolcall-run-expression-sync "(list (emacs/Upcase :text \"abc\") 1)")
                                :result)
                     "(\"ABC\" 1)")))))

(ert-deftest toolcall-test-queued-rows ()
  "Calls waiting for a parallel slot are drawn queued, then running, under the live aggregate."
  (let ((toolcall-parallelism 1))
    (toolcall-test--with-bridge
      (let ((gate1 (expand-file-name "gate1" dir))
            (gate2 (expand-file-name "gate2" dir))
            (settled nil))
        (toolcall--request "toolcall/run"
                           (list :expression (format "(parallel (Gate :file %S) (Gate :file %S))"
                                                     gate1 gate2))
                           (lambda (result _error) (setq settled result)))
        (toolcall-test--wait-until
         (lambda () (and (get-buffer toolcall-view-buffer-name)
                         (string-match-p "Gate (queued)" (toolcall-test--view-text)))))
        (let ((text (toolcall-test--view-text)))
          (should (string-match-p "^▾ ToolCall: .*\\[Gate · 0 done · 1 queued\\]" text))
          (should (string-match-p (concat "^  ┌ . Gate: " (regexp-quote gate1) "$") text))
          ;; A queued row has nothing to open yet.
          (should (string-match-p "^  └ · Gate (queued)$" text)))
        (with-temp-file gate1)
        (toolcall-test--wait-until
         (lambda () (not (string-match-p "(queued)" (toolcall-test--view-text)))))
        (let ((text (toolcall-test--view-text)))
          (should (string-match-p "^▾ ToolCall: .*\\[Gate · 1 done\\]" text))
          (should (string-match-p (concat "^  └ . Gate: " (regexp-quote gate2) "$") text)))
        (with-temp-file gate2)
        (toolcall-test--wait-until (lambda () settled))
        (should (equal (plist-get settled :status) "success"))
        ;; Settled: the aggregate is gone from the header.
        (should-not (string-match-p "\\[Gate" (toolcall-test--view-text)))))))

(ert-deftest toolcall-test-bad-settings ()
  "A bad ToolCall setting is a `user-error' naming it, and starts no bridge."
  (dolist (case '((toolcall-parallelism 0
                   "`toolcall-parallelism' must be an integer of at least 1, got 0")
                  (toolcall-returned-line-threshold -1
                   "`toolcall-returned-line-threshold' must be an integer of at least 0, got -1")
                  (toolcall-limits ((speed . 3))
                   "`toolcall-limits' names no budget speed; expected one of script-bytes, ")
                  (toolcall-limits ((wall-time . 0))
                   "`toolcall-limits' gives wall-time 0; expected a positive number")
                  (toolcall-limits 7
                   "`toolcall-limits' must be an alist of (BUDGET . NUMBER), got 7")
                  (toolcall-state-directory 3
                   "`toolcall-state-directory' must be a directory name or nil, got 3")
                  (toolcall-permission-rules ((permit "Bash"))
                   "`toolcall-permission-rules' has (permit \"Bash\"); expected (allow|deny|ask . RULES)")
                  (toolcall-permission-rules ((deny . 3))
                   "`toolcall-permission-rules' gives deny 3; expected a list of strings")
                  (toolcall-permission-rules 7
                   "`toolcall-permission-rules' must be an alist of (ACTION . RULES), got 7")))
    (cl-progv (list (car case)) (list (cadr case))
      (let ((err (should-error (toolcall--initialize-parameters "/tmp/") :type 'user-error)))
        (should (string-prefix-p (format-message (nth 2 case)) (cadr err))))))
  (let ((toolcall-parallelism 0)
        (toolcall-bridge-script (expand-file-name "dist/bridge.js" toolcall-test--root)))
    (should-error (toolcall-ensure) :type 'user-error)
    (should-not (toolcall-live-p))))

(ert-deftest toolcall-test-settings-reach-bridge ()
  "Budgets and the Returned-row threshold apply to the scripts the bridge runs."
  (let ((toolcall-limits '((nested-calls . 1))))
    (toolcall-test--with-bridge
      (let ((result (toolcall-run-expression-sync
                     (format "(list (Read :file_path \"%sa.txt\") (Read :file_path \"%sb.txt\"))"
                             dir dir))))
        (should (equal (plist-get result :status) "error"))
        (should (string-match-p "nested-calls" (plist-get result :result))))))
  (dolist (threshold '(20 0))
    (let ((toolcall-returned-line-threshold threshold))
      (toolcall-test--with-bridge
        (with-temp-file (expand-file-name "long.txt" dir)
          (dotimes (i 25) (insert (format "line %d\n" (1+ i)))))
        (toolcall-run-expression-sync (format "(concat (Read :file_path \"%slong.txt\") \"\")" dir))
        (let ((text (toolcall-test--view-text)))
          (if (= threshold 0)
              (progn (should (string-match-p "^    25\tline 25$" text))
                     (should-not (string-match-p "Returned" text)))
            (should (string-match-p "^  ▸ Returned (25 lines)$" text))
            (should-not (string-match-p "^    25\tline 25$" text))))))))

(ert-deftest toolcall-test-permission-rules-reach-bridge ()
  "`toolcall-permission-rules' are decided by the bridge as the command line's rules are."
  (let ((toolcall-permission-rules '((deny "Read(path:**/b.txt)")))
        (toolcall-sandbox-mode 'full-auto))
    (toolcall-test--with-bridge
      (let ((denied (toolcall-run-expression-sync (format "(Read :file_path \"%sb.txt\")" dir)))
            (read (toolcall-run-expression-sync (format "(Read :file_path \"%sa.txt\")" dir))))
        (should (equal (plist-get denied :status) "error"))
        (should (string-match-p "Permission denied" (plist-get denied :result)))
        (should (equal (plist-get read :status) "success"))))))

(defun toolcall-test--checkpoint-holds-p (text)
  "Return non-nil when a checkpoint file of the bridge holds TEXT."
  (let ((directory (expand-file-name "checkpoints" toolcall-state-directory)))
    (and (file-directory-p directory)
         (seq-some (lambda (file)
                     (with-temp-buffer
                       (insert-file-contents file)
                       (search-forward text nil t)))
                   (directory-files directory t "\\.toolcall\\.json\\'")))))

(ert-deftest toolcall-test-recovers-killed-script ()
  "A script a killed bridge left running is drawn interrupted when the next one starts."
  (toolcall-test--with-bridge
    (let ((old toolcall--process) (failure nil))
      (toolcall--request "toolcall/run"
                         (list :expression (format "(list (Read :file_path \"%sa.txt\") (Wait))" dir))
                         (lambda (_result error) (setq failure error)))
      (toolcall-test--wait-until (lambda () (toolcall-test--checkpoint-holds-p "\"Wait\"")))
      (let ((messages '()))
        (cl-letf (((symbol-function 'message)
                   (lambda (format-string &rest arguments)
                     (push (apply #'format format-string arguments) messages))))
          (signal-process old 'KILL)
          (toolcall-test--wait-until
           (lambda () (and toolcall--ready (toolcall-live-p) (not (eq toolcall--process old))
                           (string-match-p "↯ ToolCall" (toolcall-test--view-text))))))
        (should (member (concat "toolcall: 1 ToolCall script ended before finishing when the"
                                " bridge stopped; see *toolcall*")
                        messages)))
      (should (string-match-p "\\`Bridge exited" (plist-get failure :message)))
      (let ((text (toolcall-test--view-text)))
        ;; The stale running row was replaced, not joined, by the interrupted one.
        (should (string-match-p "\\`▾ ↯ ToolCall: 2 calls (1 interrupted)" text))
        (should-not (string-match-p "running" text))
        (should (string-match-p (concat "^  ▸ Read " (regexp-quote dir) "a.txt$") text))
        (should (string-match-p "^  ▸ ↯ Wait" text)))
      (should-not (toolcall-test--checkpoint-holds-p "ToolCall"))
      (should-not (directory-files (expand-file-name "checkpoints" toolcall-state-directory)
                                   nil "\\.toolcall\\.json\\'")))))

(ert-deftest toolcall-test-stop-consumes-running-script ()
  "A script running when the bridge is stopped is not recovered by the next bridge."
  (toolcall-test--with-bridge
    (let ((recovered 'unset) (failure nil))
      (toolcall--request "toolcall/run"
                         (list :expression (format "(list (Read :file_path \"%sa.txt\") (Wait))" dir))
                         (lambda (_result error) (setq failure error)))
      (toolcall-test--wait-until (lambda () (toolcall-test--checkpoint-holds-p "\"Wait\"")))
      (toolcall-stop)
      ;; Settled by the time `toolcall-stop' returns: nothing waits on the stopped bridge.
      (should failure)
      (should (zerop (hash-table-count toolcall--pending)))
      (should-not (directory-files (expand-file-name "checkpoints" toolcall-state-directory)
                                   nil "\\.toolcall\\.json\\'"))
      (cl-letf (((symbol-function 'toolcall--show-recovered)
                 (lambda (records) (setq recovered records))))
        (toolcall-ensure))
      (should (null recovered)))))

(ert-deftest toolcall-test-stop-settles-unanswered-requests ()
  "A request the stopped bridge never answered fails before `toolcall-stop' returns.
Also when Emacs has not yet run the process sentinel, simulated by replacing it."
  (toolcall-test--with-bridge
    (let ((failure nil))
      (puthash 999999 (lambda (_result error) (setq failure error)) toolcall--pending)
      (set-process-sentinel toolcall--process #'ignore)
      (toolcall-stop)
      (should (equal (plist-get failure :code) -32099))
      (should (zerop (hash-table-count toolcall--pending))))))

(defun toolcall-test--kill-mid-script (expression ready-regexp)
  "Run EXPRESSION, kill the bridge once the view matches READY-REGEXP; return the view.
Without checkpoints and restarts: nothing recovers the script.  EXPRESSION is
a format string given the workspace directory twice."
  (let* ((dir (file-name-as-directory (make-temp-file "toolcall-test-" t)))
         (toolcall-workspace dir)
         (toolcall-state-directory nil)
         (toolcall-restart-limit 0)
         (toolcall-bridge-script (expand-file-name "dist/bridge.js" toolcall-test--root))
         (toolcall-bridge-arguments
          (list "--tools-module"
                (expand-file-name "test/fixtures/fs-tools.mjs" toolcall-test--root))))
    (with-temp-file (expand-file-name "a.txt" dir) (insert "alpha\n"))
    (when (get-buffer toolcall-view-buffer-name) (kill-buffer toolcall-view-buffer-name))
    (unwind-protect
        (progn
          (toolcall-ensure)
          (let ((failure nil))
            (toolcall--request "toolcall/run" (list :expression (format expression dir dir))
                               (lambda (_result error) (setq failure error)))
            (toolcall-test--wait-until
             (lambda () (and (get-buffer toolcall-view-buffer-name)
                             (string-match-p ready-regexp (toolcall-test--view-text)))))
            (should (string-match-p "(running)" (toolcall-test--view-text)))
            (signal-process toolcall--process 'KILL)
            (toolcall-test--wait-until (lambda () failure))
            (cons dir (toolcall-test--view-text))))
      (toolcall-stop)
      (delete-directory dir t))))

(ert-deftest toolcall-test-dead-bridge-rows-interrupted ()
  "Without checkpoints, a dead bridge's running rows are drawn interrupted, not running."
  (pcase-let ((`(,dir . ,text)
               (toolcall-test--kill-mid-script "(list (Read :file_path \"%sa.txt\") (Wait))"
                                               "· Wait\\|. Wait")))
    (should (string-match-p "\\`▾ ↯ ToolCall: 2 calls (interrupted)  (list" text))
    (should (string-match-p "^  . ↯ Wait" text))
    (should (string-match-p (concat "^  ▸ Read " (regexp-quote dir) "a.txt$") text))
    (should-not (string-match-p "running\\|\\[Wait" text))))

(ert-deftest toolcall-test-dead-bridge-queued-rows-not-started ()
  "Without checkpoints, a dead bridge's queued rows are drawn as never started."
  (let ((toolcall-parallelism 1))
    (pcase-let ((`(,dir . ,text)
                 (toolcall-test--kill-mid-script
                  "(parallel (Gate :file \"%sg1\") (Gate :file \"%sg2\"))" "Gate (queued)")))
      (should (string-match-p "\\`▾ ↯ ToolCall: 2 calls (interrupted)  (parallel" text))
      (should (string-match-p (concat "^  ┌ . ↯ Gate: " (regexp-quote dir) "g1$") text))
      (should (string-match-p "^  └ · ↯ Gate (not started)$" text))
      (should-not (string-match-p "queued\\|running" text)))))

(ert-deftest toolcall-test-custom-tool-flags-sent ()
  "A flag a custom tool's entry lacks is left out of initialize; nil is sent as false."
  (let ((toolcall-host-custom-tools
         (list (cons "Old" (list :description "Stored before :composable existed."
                                 :function (lambda (arguments) (plist-get arguments :text))
                                 :inputSchema (list :type "object"
                                                    :properties (list :text (list :type "string"))
                                                    :required ["text"])))
               (cons "Plain" (list :description "Set by hand." :function #'ignore
                                   :readOnly nil :composable nil
                                   :inputSchema (list :type "object"
                                                      :properties (make-hash-table)
                                                      :required []))))))
    (should (equal (json-serialize (toolcall-host-custom-definitions)
                                   :null-object :null :false-object :false)
                   (concat "[{\"name\":\"Old\",\"description\":\"Stored before :composable existed.\","
                           "\"inputSchema\":{\"type\":\"object\",\"properties\":{\"text\":{\"type\":\"string\"}},"
                           "\"required\":[\"text\"]}},"
                           "{\"name\":\"Plain\",\"description\":\"Set by hand.\","
                           "\"inputSchema\":{\"type\":\"object\",\"properties\":{},\"required\":[]},"
                           "\"readOnly\":false,\"composable\":false}]")))
    ;; The bridge starts with both and composes the one without flags, as by default.
    (let ((toolcall-sandbox-mode 'full-auto))
      (toolcall-test--with-bridge
        (should (equal (plist-get (toolcall-run-expression-sync "(list (emacs/Old :text \"abc\") 1)")
                                  :result)
                       "(\"abc\" 1)"))))))

(ert-deftest toolcall-test-standalone-tool ()
  "A tool defined with :composable nil runs as a whole script but not in a composed one."
  (let ((toolcall-host-custom-tools nil))
    (toolcall-define-tool "Solo" "Upcases text." '((text "string" "The text."))
                          (lambda (arguments) (upcase (plist-get arguments :text)))
                          :read-only t :composable nil)
    (should-error (toolcall-define-tool "Odd" "Odd." nil #'ignore :colour 'red))
    (should (equal (cadr (should-error (toolcall-define-tool "Odd" "Odd." nil #'ignore
                                                             :read-only t :composable)))
                   (concat "The toolcall-define-tool option :composable has no value;"
                           " expected :composable followed by t or nil")))
    (should-not (assoc "Odd" toolcall-host-custom-tools))
    (toolcall-test--with-bridge
      (let ((composed (toolcall-run-expression-sync "(list (emacs/Solo :text \"abc\") 1)")))
        (should (equal (plist-get composed :status) "error"))
        (should (string-match-p "emacs/Solo is standalone-only" (plist-get composed :result))))
      (should (equal (plist-get (toolcall-run-expression-sync "(emacs/Solo :text \"abc\")") :result)
                     "ABC")))))

;;;; Asynchronous commands

(ert-deftest toolcall-test-command-returns-at-once ()
  "A command returns while its script runs: timers fire, the view fills, the echo area
gets the result.  The script waits about 3 seconds for its gate."
  (toolcall-test--with-bridge
    (let* ((gate (expand-file-name "gate" dir))
           (ticks 0)
           (ticks-at-start nil)
           (timer (run-with-timer 0.1 0.1 (lambda () (cl-incf ticks))))
           (opener nil))
      (unwind-protect
          (toolcall-test--with-messages
            (let ((job (toolcall-run-expression (format "(list 1 (Gate :file %S))" gate))))
              ;; Back before the script could end: it is still among the running ones.
              (should (memq job toolcall--jobs))
              (should-not toolcall-test--messages)
              ;; The view shows the running script before it ends.
              (toolcall-test--wait-until
               (lambda () (toolcall-test--view-matches-p "^  . Gate: ")))
              (should (toolcall-test--view-matches-p "^▾ ToolCall: .*(running)"))
              (should (memq job toolcall--jobs))
              (setq ticks-at-start ticks
                    opener (run-at-time 3 nil (lambda () (with-temp-file gate))))
              (toolcall-test--wait-for-message "\\`(1 \"opened .*gate\")\\'")
              (should-not (memq job toolcall--jobs))
              (should-not (toolcall-test--view-matches-p "(running)"))
              ;; About 30 ticks in 3 seconds; a loaded machine may drop some.
              (message "toolcall-test: %d timer ticks during the 3-second script"
                       (- ticks ticks-at-start))
              (should (>= (- ticks ticks-at-start) 10))))
        (cancel-timer timer)
        (when opener (cancel-timer opener))))))

(defun toolcall-test--timer-lateness (function)
  "Call FUNCTION under a 10 ms timer; return (LATENESS . BUSY), in seconds.
LATENESS is how much longer than 10 ms Emacs went between two runs of
the timer, at worst; BUSY the most processor time Emacs itself used
between two runs, which a loaded machine does not stretch."
  (let* ((last nil)
         (last-run nil)
         (lateness 0)
         (busy 0)
         (timer (run-with-timer
                 0.01 0.01
                 (lambda ()
                   (let ((now (float-time))
                         (run (float-time (get-internal-run-time))))
                     (when last
                       (setq lateness (max lateness (- now last 0.01))
                             busy (max busy (- run last-run))))
                     (setq last now last-run run))))))
    (unwind-protect (funcall function)
      (cancel-timer timer))
    (cons lateness busy)))

(ert-deftest toolcall-test-large-output-keeps-emacs-responsive ()
  "2 MB of results arrive without blocking Emacs for long: a 10 ms timer stays on time.
Twenty scripts each read a 100 KB file at once; their replies, render
trees and view sections all pass through the process filter."
  (toolcall-test--with-bridge
    (let ((files (cl-loop for index below 20
                          collect (expand-file-name (format "big-%02d.txt" index) dir)))
          (results '()))
      (dolist (file files)
        (with-temp-file file
          (dotimes (line 2000)
            (insert (format "line %05d %s\n" line (make-string 40 ?x))))))
      (pcase-let ((`(,lateness . ,busy)
                   (toolcall-test--timer-lateness
                    (lambda ()
                      (dolist (file files)
                        (toolcall-run-expression-async
                         (format "(Read :file_path %S)" file)
                         (lambda (result _error) (push result results))))
                      (toolcall-test--wait-until (lambda () (= (length results) 20)))))))
        (should (>= (apply #'+ (mapcar (lambda (result) (length (plist-get result :result)))
                                       results))
                    2000000))
        (should (cl-every (lambda (result) (equal (plist-get result :status) "success")) results))
        (message (concat "toolcall-test: while 2 MB arrived, a 10 ms timer waited at worst"
                         " %.0f ms longer; Emacs was busy at most %.0f ms between two runs")
                 (* 1000 lateness) (* 1000 busy))
        ;; About 50 ms is the aim; the bound leaves room for a loaded machine, and a longer
        ;; wait counts only when Emacs itself, not the machine's load, held the timer back.
        (should (or (< lateness 0.25) (< busy 0.1)))))))

(ert-deftest toolcall-test-filter-joins-pieces ()
  "A message split into many pieces, or several in one, is dispatched once each."
  (let ((seen '()) (toolcall--chunks nil))
    (cl-letf (((symbol-function 'toolcall--dispatch)
               (lambda (message) (push (plist-get message :id) seen))))
      (let ((text (concat (json-serialize (list :id 1 :result (make-string 10000 ?a))) "\n"
                          (json-serialize '(:id 2 :result "b")) "\n")))
        (let ((start 0))
          (while (< start (length text))
            (let ((end (min (length text) (+ start 997))))
              (toolcall--filter nil (substring text start end))
              (setq start end))))
        (toolcall--filter nil "{\"id\":3}\n{\"id\":4}\n{\"id\"")
        (toolcall--filter nil ":5}\n")))
    (should (equal (nreverse seen) '(1 2 3 4 5)))
    (should-not toolcall--chunks)))

(ert-deftest toolcall-test-stop-script-key ()
  "In `toolcall-script-mode', C-c C-c runs the buffer and C-c C-k stops it."
  (toolcall-test--with-bridge
    (toolcall-test--with-messages
      (with-temp-buffer
        (toolcall-script-mode)
        (insert "(list 1 (Wait))")
        (should (eq (key-binding (kbd "C-c C-r")) #'toolcall-eval-region))
        (call-interactively (key-binding (kbd "C-c C-c")))
        (toolcall-test--wait-until (lambda () (toolcall-test--view-matches-p "^  . Wait")))
        (call-interactively (key-binding (kbd "C-c C-k")))
        (toolcall-test--wait-for-message
         "\\`toolcall: The request was stopped before it finished\\.\\'")
        (should (toolcall-test--view-matches-p "^▾ ⊘ ToolCall"))))))

(ert-deftest toolcall-test-command-map ()
  "The prefix keymap holds the commands and is bound to no key by default."
  (should (keymapp toolcall-command-map))
  (should (eq (lookup-key toolcall-command-map "e") #'toolcall-eval-last-sexp))
  (should (eq (lookup-key toolcall-command-map "k") #'toolcall-stop-script))
  (should-not (where-is-internal toolcall-command-map (list global-map)))
  (should-not (where-is-internal 'toolcall-command-map (list global-map))))

(ert-deftest toolcall-test-refused-initialize ()
  "A rule the bridge refuses at initialize is a sentence; nothing is left running."
  (let ((toolcall-permission-rules '((deny "Bash(git log")))
        (toolcall-state-directory nil)
        (toolcall-bridge-script (expand-file-name "dist/bridge.js" toolcall-test--root)))
    (unwind-protect
        (progn
          (should (equal (cdr (should-error (toolcall-ensure) :type 'toolcall-rpc-error))
                         (list (concat "The bridge refused the arguments: rules.deny: bad rule"
                                       " 'Bash(git log': expected TOOL or TOOL(SPEC).")
                               -32602)))
          (toolcall-test--wait-until (lambda () (not (toolcall-live-p))))
          (toolcall-test--with-messages
            (toolcall-run-expression "(+ 1 2)")
            (toolcall-test--wait-for-message
             "\\`toolcall: The bridge refused the arguments: rules\\.deny: bad rule")
            (toolcall-test--wait-until (lambda () (not (toolcall-live-p))))
            (should-not toolcall--jobs)))
      (toolcall-stop))))

;;;; Prompts

(ert-deftest toolcall-test-quit-at-permission-prompt-denies ()
  "C-g at a permission question denies the call; a wrong key asks again."
  (toolcall-test--with-bridge
    (setq toolcall-test--flag nil)
    (let ((unread-command-events (list ?x ?\C-g)))
      (let ((result (toolcall-run-expression-sync
                     "(list (EmacsEval :form \"(setq toolcall-test--flag 7)\") 1)")))
        (should (equal (plist-get result :status) "error"))
        (should-not toolcall-test--flag)
        (should-not unread-command-events)
        (should (toolcall-test--view-matches-p "^  ▸ ⊗ EmacsEval"))))
    (let ((unread-command-events (list ?y)))
      (should (equal (plist-get (toolcall-run-expression-sync
                                 "(EmacsEval :form \"(setq toolcall-test--flag 8)\")")
                                :result)
                     "8")))))

;;;; Restarts

(ert-deftest toolcall-test-restart-backoff ()
  "Restarts after crashes wait longer each time, up to 30 seconds."
  (let ((toolcall-restart-delay 0.5))
    (should (equal (mapcar #'toolcall--restart-delay '(1 2 3 4 5 6 7 8))
                   '(0.5 1.0 2.0 4.0 8.0 16.0 30 30)))))

(ert-deftest toolcall-test-restart-count-resets ()
  "A bridge that ran for the stable period counts its crash as the first in a row."
  (let ((toolcall-restart-limit 1)
        (toolcall-restart-delay 0.1)
        (toolcall-restart-stable-period 1))
    (toolcall-test--with-bridge
      (toolcall-test--with-messages
        (let ((old toolcall--process))
          (signal-process old 'KILL)
          (toolcall-test--wait-until
           (lambda () (and toolcall--ready (toolcall-live-p) (not (eq toolcall--process old)))))
          ;; Stable for a second: the next crash restarts again despite the limit of 1.
          (let ((stable (+ (float-time) 1.2)))
            (toolcall-test--wait-until (lambda () (> (float-time) stable))))
          (setq old toolcall--process)
          (signal-process old 'KILL)
          (toolcall-test--wait-until
           (lambda () (and toolcall--ready (toolcall-live-p) (not (eq toolcall--process old)))))
          ;; A crash right after the restart is the second in a row: the bridge stays down.
          (let ((toolcall-restart-stable-period 1000))
            (setq old toolcall--process)
            (signal-process old 'KILL)
            (toolcall-test--wait-for-message "exited (killed) 2 times in a row")
            (should-not (toolcall-live-p))
            (should-not toolcall--restart-timer)))))))

;;;; The view

(defun toolcall-test--row (id tool header &rest properties)
  "Return a render row ID of TOOL with HEADER and PROPERTIES (:body, :children, …)."
  (append properties
          (list :kind "row" :id id :tool tool :header header
                :status (or (plist-get properties :status) "success")
                :expandable t :expanded (plist-get properties :expanded) :count 1
                :body (or (plist-get properties :body) "")
                :children (plist-get properties :children))))

(defun toolcall-test--tree (&rest items)
  "Return a render tree of ITEMS."
  (list :version 1 :items items :warnings nil))

(defmacro toolcall-test--with-view (&rest body)
  "Run BODY in a fresh view buffer, killed afterwards."
  (declare (indent 0) (debug t))
  `(progn
     (when (get-buffer toolcall-view-buffer-name) (kill-buffer toolcall-view-buffer-name))
     (unwind-protect (progn ,@body)
       (when (get-buffer toolcall-view-buffer-name)
         (kill-buffer toolcall-view-buffer-name)))))

(ert-deftest toolcall-test-view-rows-move ()
  "n and p move by row: over body lines, and onto a row's own header."
  (toolcall-test--with-view
    (toolcall-view-update
     "x"
     (toolcall-test--tree
      (toolcall-test--row "E" "ToolCall" "ToolCall: 2 calls" :expanded t :body "(1 2)"
                          :children
                          (list (toolcall-test--row "E/1" "Read" "Read: a.txt" :expanded t
                                                    :body "1\talpha\n2\tbeta\n3\tgamma")
                                (toolcall-test--row "E/2" "Grep" "Grep \"x\"")))))
    (toolcall-view-flush)
    (with-current-buffer toolcall-view-buffer-name
      (should (equal (toolcall-test--view-text)
                     (concat "▾ ToolCall: 2 calls\n"
                             "    (1 2)\n"
                             "  ▾ Read: a.txt\n"
                             "      1\talpha\n"
                             "      2\tbeta\n"
                             "      3\tgamma\n"
                             "  ▸ Grep \"x\"\n")))
      (goto-char (point-min))
      (toolcall-view-next-row)
      (should (looking-at-p "▾ Read: a.txt"))
      (toolcall-view-next-row)
      (should (looking-at-p "▸ Grep"))
      (should-error (toolcall-view-next-row) :type 'user-error)
      (toolcall-view-previous-row)
      (should (looking-at-p "▾ Read"))
      (forward-line 2)
      (should (looking-at-p "2\tbeta"))
      (should (equal (get-text-property (point) 'line-prefix) "      "))
      ;; From a body line, p goes to that row's header.
      (toolcall-view-previous-row)
      (should (looking-at-p "▾ Read"))
      (toolcall-view-previous-row)
      (should (looking-at-p "▾ ToolCall"))
      (should-error (toolcall-view-previous-row) :type 'user-error)
      (toolcall-view-next-row 2)
      (should (looking-at-p "▸ Grep")))))

(ert-deftest toolcall-test-view-keeps-places ()
  "A tree update keeps point and the window start on their rows."
  (toolcall-test--with-view
    (let* ((rows (lambda (extra)
                   (apply #'toolcall-test--tree
                          (toolcall-test--row "top" "Bash" "Bash: top" :expanded t :body extra)
                          (cl-loop for index from 1 to 60
                                   collect (toolcall-test--row (format "r%d" index) "Bash"
                                                               (format "Bash: row %d" index))))))
           (window (selected-window)))
      (toolcall-view-update "x" (funcall rows "one line"))
      (toolcall-view-flush)
      (set-window-buffer window (get-buffer toolcall-view-buffer-name))
      (with-current-buffer toolcall-view-buffer-name
        (goto-char (point-min))
        (re-search-forward "row 40$")
        (set-window-point window (point))
        (set-window-start window (save-excursion (goto-char (point-min))
                                                 (re-search-forward "row 30$")
                                                 (line-beginning-position)))
        ;; The first row grows by three lines above both places.
        (toolcall-view-update "x" (funcall rows "one\ntwo\nthree\nfour"))
        (toolcall-view-flush)
        (should (string-match-p "row 40$" (buffer-substring (line-beginning-position)
                                                           (line-end-position))))
        (should (= (current-column) (length "▸ Bash: row 40")))
        (should (string-match-p "row 30$"
                                (save-excursion (goto-char (window-start window))
                                                (buffer-substring (point) (line-end-position)))))
        (should (string-match-p "row 40$"
                                (save-excursion (goto-char (window-point window))
                                                (buffer-substring (line-beginning-position)
                                                                  (line-end-position)))))))))

(ert-deftest toolcall-test-view-throttles-redraws ()
  "Updates that come faster than `toolcall-view-redraw-interval' are drawn together."
  (toolcall-test--with-view
    (let ((draws 0)
          (started (float-time)))
      (cl-letf* ((draw (symbol-function 'toolcall-view--draw-section))
                 ((symbol-function 'toolcall-view--draw-section)
                  (lambda (id) (cl-incf draws) (funcall draw id))))
        (dotimes (index 200)
          (toolcall-view-update "x" (toolcall-test--tree
                                     (toolcall-test--row "E" "Bash" (format "Bash: %d" index)))))
        (let ((elapsed (- (float-time) started)))
          ;; The first at once, then at most one per interval.
          (should (<= draws (+ 2 (/ elapsed toolcall-view-redraw-interval)))))
        (toolcall-test--wait-until (lambda () (toolcall-test--view-matches-p "Bash: 199$")))
        (should (<= draws 200))))))

(ert-deftest toolcall-test-view-faces ()
  "Every status and part has its own face, and rows use them."
  (dolist (face '(toolcall-view-success toolcall-view-running toolcall-view-error
                  toolcall-view-denied toolcall-view-warning toolcall-view-cancelled
                  toolcall-view-interrupted toolcall-view-marker toolcall-view-gutter
                  toolcall-view-count toolcall-view-body))
    (should (facep face)))
  (toolcall-test--with-view
    (toolcall-view-update "x" (toolcall-test--tree
                               (toolcall-test--row "E" "Bash" "Bash: ls" :status "running"
                                                   :expanded t :body "a")))
    (toolcall-view-flush)
    (with-current-buffer toolcall-view-buffer-name
      (should (eq (get-text-property 0 'face (buffer-string)) 'toolcall-view-marker))
      (goto-char (point-min))
      (search-forward "Bash")
      (should (eq (get-text-property (1- (point)) 'face) 'toolcall-view-running))
      (search-forward "a")
      (should (eq (get-text-property (1- (point)) 'face) 'toolcall-view-body)))))

(defun toolcall-test--visit-from (regexp &optional after)
  "Press RET on the view line matching REGEXP, below the one matching AFTER if given.
Return (FILE . LINE) then shown."
  (with-current-buffer toolcall-view-buffer-name
    (goto-char (point-min))
    (when after (re-search-forward after))
    (re-search-forward regexp)
    (toolcall-view-visit)
    (prog1 (cons (buffer-file-name) (line-number-at-pos))
      (unless (eq (current-buffer) (get-buffer toolcall-view-buffer-name))
        (kill-buffer)))))

(ert-deftest toolcall-test-view-visits-files ()
  "RET on a Read, Grep, Outline or Glob row, or one of their lines, visits the file at the line."
  (toolcall-test--with-bridge
    (let ((a (expand-file-name "a.txt" dir))
          (b (expand-file-name "b.txt" dir))
          (m (expand-file-name "m.js" dir)))
      (with-temp-file m (insert "const a = 1;\nfunction f() {\n  return 2;\n}\n"))
      (toolcall-run-expression-sync
       (format "(list (Read :file_path \"%sa.txt\") (Grep :pattern \"alpha\" :path \"%s\") %s)"
               dir dir "(Outline :file_path \"m.js\") (Glob :pattern \"*.js\")"))
      (with-current-buffer toolcall-view-buffer-name
        (dolist (row '("Read" "Grep" "Outline" "Glob"))
          (goto-char (point-min))
          (re-search-forward (concat "^  ▸ " row))
          (toolcall-view-toggle)))
      (should (equal (toolcall-test--visit-from "^  ▾ Read") (cons a 1)))
      (should (equal (toolcall-test--visit-from "^2\tbeta$" "^  ▾ Read") (cons a 2)))
      (should (equal (toolcall-test--visit-from "^2:alphabet$" "^  ▾ Grep") (cons b 2)))
      (should (equal (toolcall-test--visit-from "^1:alpha$" "^  ▾ Grep") (cons a 1)))
      (should (equal (toolcall-test--visit-from (concat "^" (regexp-quote b) "$") "^  ▾ Grep")
                     (cons b 1)))
      (should (equal (toolcall-test--visit-from "^m.js:2: " "^  ▾ Outline") (cons m 2)))
      (should (equal (toolcall-test--visit-from "^  ▾ Outline") (cons m 1)))
      (should (equal (toolcall-test--visit-from (concat "^" (regexp-quote m) "$") "^  ▾ Glob")
                     (cons m 1)))
      ;; RET on the envelope, which names no file, folds it.
      (with-current-buffer toolcall-view-buffer-name
        (goto-char (point-min))
        (toolcall-view-visit)
        (should (string-match-p "\\`▸ ToolCall" (buffer-string)))))))

(ert-deftest toolcall-test-view-visits-glob-and-outline ()
  "RET on an Outline, Glob or Read line visits what it names, relative to the workspace."
  (let ((dir (file-name-as-directory (make-temp-file "toolcall-test-" t))))
    (unwind-protect
        (toolcall-test--with-view
          (with-temp-file (expand-file-name "m.js" dir) (insert "const a = 1;\nfunction f() {}\n"))
          (let ((toolcall-view-directory dir)
                (file (expand-file-name "m.js" dir)))
            (toolcall-view-update
             "x" (toolcall-test--tree
                  (toolcall-test--row "O" "Outline" "Outline: m.js" :expanded t
                                      :body "m.js:1: a\nm.js:2: [Function] f")
                  (toolcall-test--row "G" "Glob" "Glob: *.js" :expanded t
                                      :body (concat file "\n"))
                  ;; A header cuts a long name short; one file in its directory begins so.
                  (toolcall-test--row "R" "Read" "Read: m.j…" :expanded t
                                      :body "1\tconst a = 1;\n2\tfunction f() {}")))
            (toolcall-view-flush)
            (should (equal (toolcall-test--visit-from "^m.js:2: ") (cons file 2)))
            (should (equal (toolcall-test--visit-from "^▾ Outline") (cons file 1)))
            (should (equal (toolcall-test--visit-from "^▾ Glob") (cons file 1)))
            (should (equal (toolcall-test--visit-from (concat "^" (regexp-quote file)))
                           (cons file 1)))
            (should (equal (toolcall-test--visit-from "^2\tfunction" "^▾ Read") (cons file 2)))))
      (delete-directory dir t))))

(ert-deftest toolcall-test-view-diff-body ()
  "The lines of a diff body get the diff faces; other bodies keep the body face."
  (toolcall-test--with-view
    (toolcall-view-update
     "x" (toolcall-test--tree
          (toolcall-test--row "P" "ApplyPatch" "ApplyPatch a.txt (+1 −1)" :expanded t
                              :bodyMode "diff"
                              :body "--- a/a.txt\n+++ b/a.txt\n@@ -1 +1 @@\n-old\n+new\n same")
          (toolcall-test--row "R" "Read" "Read a.txt (1 line)" :expanded t
                              :bodyMode "text" :body "+not a diff")))
    (toolcall-view-flush)
    (with-current-buffer toolcall-view-buffer-name
      (should (equal (buffer-string)
                     (concat "▾ ApplyPatch a.txt (+1 −1)\n"
                             "--- a/a.txt\n+++ b/a.txt\n@@ -1 +1 @@\n-old\n+new\n same\n"
                             "▾ Read a.txt (1 line)\n+not a diff\n")))
      (should (equal (mapcar (lambda (line)
                               (goto-char (point-min))
                               (re-search-forward (concat "^" (regexp-quote line) "$"))
                               (get-text-property (match-beginning 0) 'face))
                             '("--- a/a.txt" "@@ -1 +1 @@" "-old" "+new" " same" "+not a diff"))
                     '(toolcall-view-diff-hunk toolcall-view-diff-hunk toolcall-view-diff-removed
                       toolcall-view-diff-added toolcall-view-body toolcall-view-body))))))

(provide 'toolcall-tests)
;;; toolcall-tests.el ends here
